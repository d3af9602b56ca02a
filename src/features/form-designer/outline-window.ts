// Which outline rows are in the DOM. A form of a few dozen fields renders them all; a long one
// (the 300-field benchmark form, a full physical exam) renders the rows in view and a few more
// (@tanstack/react-virtual), with spacers above and below so the rows stay in normal flow —
// dnd-kit positions a dragged row with a transform, which an absolutely placed row would fight.
import { useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import type { OutlineRow } from './document-utils';

/** Up to this many rows the outline renders whole (and stays simple to test and to drag). */
export const RENDER_WHOLE_UP_TO = 80;

/** Heights before a row is measured: a section header, a field with its second line. */
const estimate = (row: OutlineRow | undefined) => (row?.kind === 'section' ? 38 : 44);

export interface WindowRow {
  row: OutlineRow;
  index: number;
  /** Measures the row's height once it is in the DOM (long outlines only). */
  measure?: (el: HTMLElement | null) => void;
}

export interface OutlineWindow {
  rows: WindowRow[];
  /** Space for the rows above and below the rendered ones, in pixels. */
  before: number;
  after: number;
  /** Scrolls the row with this key into view if it is not. */
  reveal: (key: string) => void;
}

/** The rendered range always holds the dragged row and every row between it and the view, so a drag never loses its node. */
function withDragged(range: Range, dragged: number): number[] {
  let from = Math.max(0, range.startIndex - range.overscan);
  let to = Math.min(range.count - 1, range.endIndex + range.overscan);
  if (dragged >= 0) {
    from = Math.min(from, dragged);
    to = Math.max(to, dragged);
  }
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

export function useOutlineWindow(
  rows: OutlineRow[],
  scroller: RefObject<HTMLDivElement | null>,
  draggingKey: string | undefined,
): OutlineWindow {
  const virtual = rows.length > RENDER_WHOLE_UP_TO;
  const dragged = draggingKey === undefined ? -1 : rows.findIndex((r) => r.key === draggingKey);
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => estimate(rows[i]),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 8,
    rangeExtractor: (range) => withDragged(range, dragged),
  });

  // reveal() stays the same function, so a caller's effect runs when the selection changes, not
  // on every keystroke (which would pull the outline back to the selection while one scrolls).
  const latest = useRef({ rows, virtual });
  useLayoutEffect(() => {
    latest.current = { rows, virtual };
  });
  const reveal = useCallback(
    (key: string) => {
      const { rows: now, virtual: isVirtual } = latest.current;
      const index = now.findIndex((r) => r.key === key);
      if (index < 0) return;
      if (isVirtual) virtualizer.scrollToIndex(index, { align: 'auto' });
      else scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.scrollIntoView?.({ block: 'nearest' });
    },
    [virtualizer, scroller],
  );

  if (!virtual) return { rows: rows.map((row, index) => ({ row, index })), before: 0, after: 0, reveal };
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    rows: items.flatMap((item) => {
      const row = rows[item.index];
      return row ? [{ row, index: item.index, measure: virtualizer.measureElement }] : [];
    }),
    before: first?.start ?? 0,
    after: last ? Math.max(0, virtualizer.getTotalSize() - last.end) : 0,
    reveal,
  };
}
