import { defineMessages } from '../../shared/i18n/define-messages';

/** Strings of the PDF viewer (spec 001 §2: previous / next, page counter, print). */
export const pdfViewerMessages = defineMessages(
  {
    title: '打印预览',
    previous: '上一页',
    next: '下一页',
    pageOf: (page: number, pages: number) => `第 ${page} 页 / 共 ${pages} 页`,
    print: '打 印',
    close: '关 闭',
    loading: '正在生成PDF…',
    failed: 'PDF加载失败',
  },
  {
    title: 'Print preview',
    previous: 'Previous',
    next: 'Next',
    pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
    print: 'Print',
    close: 'Close',
    loading: 'Making the PDF…',
    failed: 'The PDF could not be loaded',
  },
);
