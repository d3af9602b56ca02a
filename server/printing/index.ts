// What other domains may use of printing/ (lint: a domain imports another only through its index.ts).
// A printout of another domain (an agreement, an archive card) builds a PrintDocument — title, lines,
// label | value tables under section headings — and renders it with renderPdf (A4, the CJK font cut
// to the document, page numbers, fixed metadata); http/pdf-reply.ts's sendPdf answers it as application/pdf.
export {
  renderPdf,
  wrap,
  widthsOf,
  A4,
  type PrintBlock,
  type PrintCell,
  type PrintDocument,
  type PrintSection,
} from './services/pdf-layout';
export { subsetCjkFont, cjkFace, fontPath, type SubsetFont } from './services/cjk-font';
export { printedValue, recordPrintDocument, type PrintedRecord, type PrintedResident } from './services/record-print';
