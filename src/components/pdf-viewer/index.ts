export { PdfViewer, type PdfViewerProps } from './pdf-viewer';
export { usePdfViewer, type PdfViewing, type ShowPdfOptions } from './use-pdf-viewer';
