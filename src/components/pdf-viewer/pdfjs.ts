// pdfjs-dist, loaded when a PDF is first shown (it is large; no screen needs it at start). Its worker
// is bundled by Vite (`?url`) and served from the app's own origin, which the Content-Security-Policy's
// script-src 'self' already allows for workers; `isEvalSupported: false` keeps pdfjs from compiling
// font programs with new Function, so the policy needs no 'unsafe-eval'.
import type * as PdfJs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';

let loading: Promise<typeof PdfJs> | undefined;

async function pdfjs() {
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });
  return loading;
}

/** Opens PDF bytes (a copy is handed to the worker, the caller's buffer stays usable). */
export async function openPdf(data: Uint8Array): Promise<PDFDocumentProxy> {
  const lib = await pdfjs();
  return lib.getDocument({ data: data.slice(), isEvalSupported: false, enableXfa: false }).promise;
}

/** Draws page `n` (1-based) on `canvas`, `cssWidth` CSS pixels wide, sharp on the screen's pixel ratio. */
export async function drawPage(
  pdf: PDFDocumentProxy,
  n: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
  ratio = window.devicePixelRatio || 1,
) {
  const page = await pdf.getPage(n);
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
  canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
  await page.render({ canvas, viewport }).promise;
}

/** Every page as a PNG data URL, for the print sheet (A4 at about 150 dpi). */
export async function pageImages(pdf: PDFDocumentProxy): Promise<string[]> {
  const out: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const canvas = document.createElement('canvas');
    await drawPage(pdf, n, canvas, 1240, 1);
    out.push(canvas.toDataURL('image/png'));
  }
  return out;
}
