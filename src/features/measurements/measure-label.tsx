import { useEffect, useRef, useState } from 'react';
import type { BarCodeRow } from '../../api/measurements';
import { LABEL_MESSAGES, hasBarCode } from '../../bridges/label-printer';

/**
 * One label (spec 001 line 55): the resident, the project, the day and the bar code as Code 128. A
 * row without a bar code says so (the printer's own refusal, 该项目没有条码，不能打印标签) instead of an
 * empty code, and is left out when the labels are printed.
 */
export function MeasureLabel({ row }: { row: BarCodeRow }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState<'no' | 'yes' | 'failed'>('no');
  const printable = hasBarCode(row);
  useEffect(() => {
    if (!printable) return;
    // bwip-js is large: loaded when a label is first drawn, not with the archive page.
    import('bwip-js/browser')
      .then(({ toCanvas }) => {
        if (!canvas.current) return;
        toCanvas(canvas.current, { bcid: 'code128', text: row.bar_code, scale: 2, height: 8, includetext: true, textsize: 9 });
        setDrawn('yes');
      })
      .catch(() => setDrawn('failed'));
  }, [row.bar_code, printable]);
  return (
    <div
      className={printable ? 'measure-label' : 'measure-label measure-label-no-code'}
      data-testid="measure-label"
      data-drawn={printable ? drawn : 'no-code'}
    >
      <div>
        <strong>{row.name}</strong> {row.sex_text} {row.ageDetail}
      </div>
      <div>
        {row.proj_name} · {row.apply_date}
      </div>
      {printable ? (
        <canvas ref={canvas} aria-label={row.bar_code} />
      ) : (
        <div className="measure-label-refusal" role="alert">
          {LABEL_MESSAGES.noBarcode}
        </div>
      )}
      {drawn === 'failed' && <div>{row.bar_code}</div>}
    </div>
  );
}
