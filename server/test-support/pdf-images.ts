// What the printing tests read of a PDF's pictures: the image XObjects its pages draw (a signature, a
// photo), found in each page's resources and in the resources of the forms a page draws. Imports
// pdf-lib alone, so the browser journeys (Playwright) load it as the server tests do.
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';

/** One image a page draws: its page (1-based) and size in pixels. */
export interface PdfImage {
  page: number;
  width: number;
  height: number;
}

/** Every image XObject the pages draw, page by page. */
export async function pdfImages(bytes: Uint8Array): Promise<PdfImage[]> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const found: PdfImage[] = [];
  const resolve = (o: PDFObject | undefined) => (o instanceof PDFRef ? pdf.context.lookup(o) : o);
  const seen = new Set<PDFObject>();
  const walk = (resources: PDFObject | undefined, page: number) => {
    const dict = resolve(resources);
    if (!(dict instanceof PDFDict)) return;
    const xobjects = resolve(dict.get(PDFName.of('XObject')));
    if (!(xobjects instanceof PDFDict)) return;
    for (const value of xobjects.values()) {
      const stream = resolve(value);
      if (!(stream instanceof PDFRawStream) || seen.has(stream)) continue;
      seen.add(stream);
      const subtype = stream.dict.get(PDFName.of('Subtype'));
      if (subtype === PDFName.of('Image')) {
        const size = (key: string) => Number(String(resolve(stream.dict.get(PDFName.of(key))) ?? 0));
        found.push({ page, width: size('Width'), height: size('Height') });
      } else if (subtype === PDFName.of('Form')) walk(stream.dict.get(PDFName.of('Resources')), page);
    }
  };
  pdf.getPages().forEach((p, i) => walk(p.node.Resources(), i + 1));
  return found;
}
