import type { PointGroup, PointGroupOptions } from 'signature_pad';
import type { InkPoint } from '../../bridges/signature-device';

/** The pen-pad's ink as signature_pad strokes: the strokes so far and whether the last is still being drawn. */
export interface PadInk {
  groups: PointGroup[];
  /** The pen is down: the next points continue the last stroke. */
  drawing: boolean;
}

/**
 * Adds a batch of the device's points (0–1 of its surface) to the strokes, in the canvas's CSS
 * pixels. A point with no pressure is the pen lifted: the stroke ends there and the next pressed
 * point starts another, so a signature's separate strokes are not joined by lines.
 */
export function appendInk(
  ink: PadInk,
  points: readonly InkPoint[],
  size: { width: number; height: number },
  style: PointGroupOptions,
  time: number,
): PadInk {
  const groups = ink.groups.map((g) => ({ ...g, points: [...g.points] }));
  let drawing = ink.drawing;
  for (const p of points) {
    if (p.pressure <= 0) {
      drawing = false;
      continue;
    }
    const point = { x: clamp(p.x) * size.width, y: clamp(p.y) * size.height, pressure: Math.min(p.pressure, 1), time };
    const last = groups.at(-1);
    if (drawing && last) last.points.push(point);
    else groups.push({ ...style, points: [point] });
    drawing = true;
  }
  return { groups, drawing };
}

const clamp = (v: number) => Math.min(Math.max(v, 0), 1);
