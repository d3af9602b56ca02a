// What the printing tests read of a PDF: every page's text as pdfjs extracts it, and the page count.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Every page's text (whitespace dropped: the layout puts cells side by side) and the number of pages. */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false }).promise;
  let text = '';
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
  }
  const pages = pdf.numPages;
  await pdf.destroy();
  return { pages, text: text.replace(/\s+/g, '') };
}
