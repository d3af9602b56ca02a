import { useEffect, useRef, useState } from 'react';
import type { BarCodeRow } from '../../api/measurements';

/** One label (spec 001 line 55): the resident, the project, the day and the bar code as Code 128. */
export function MeasureLabel({ row }: { row: BarCodeRow }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState<'no' | 'yes' | 'failed'>('no');
  useEffect(() => {
    // bwip-js is large: loaded when a label is first drawn, not with the archive page.
    import('bwip-js/browser')
      .then(({ toCanvas }) => {
        if (!canvas.current) return;
        toCanvas(canvas.current, { bcid: 'code128', text: row.bar_code, scale: 2, height: 8, includetext: true, textsize: 9 });
        setDrawn('yes');
      })
      .catch(() => setDrawn('failed'));
  }, [row.bar_code]);
  return (
    <div className="measure-label" data-testid="measure-label" data-drawn={drawn}>
      <div>
        <strong>{row.name}</strong> {row.sex_text} {row.ageDetail}
      </div>
      <div>
        {row.proj_name} · {row.apply_date}
      </div>
      <canvas ref={canvas} aria-label={row.bar_code} />
      {drawn === 'failed' && <div>{row.bar_code}</div>}
    </div>
  );
}
