// The label printer (spec 001 lines 37, 55, 88, 147): sample-tube labels of a physical-exam
// application printed on a handheld printer inside the Android assistant app. This module lays a
// label out from its template (size, QR code or bar code) and its row — what the app's printer
// receives; the app's print call and a simulator sit behind one interface. The codes themselves are
// drawn by bwip-js where a label is previewed.

export const LABEL_MESSAGES = {
  noTemplate: '打印模板不存在',
  sent: '发送打印信息到打印机',
  noBarcode: '该项目没有条码，不能打印标签',
  /** Ours (the spec is silent), worded as its 没有连接设备(请在PAD上访问系统)!: the printer is the assistant app's. */
  noPrinter: '没有连接标签打印机(请在助手App中访问系统)!',
} as const;

export class LabelError extends Error {}

/** The label templates (mm; spec line 147), the first the default. */
export const LABEL_TEMPLATES = {
  '40x30-qr': { width: 40, height: 30, code: 'qrcode' },
  '40x30-bar': { width: 40, height: 30, code: 'code128' },
  '50x30-qr': { width: 50, height: 30, code: 'qrcode' },
  '50x30-bar': { width: 50, height: 30, code: 'code128' },
  '50x40-bar': { width: 50, height: 40, code: 'code128' },
} as const;

export type LabelTemplateName = keyof typeof LABEL_TEMPLATES;
export const DEFAULT_LABEL_TEMPLATE: LabelTemplateName = '40x30-qr';

/** A label print row (spec line 55, userapplyproject/listBarCodeData). */
export interface LabelRow {
  apply_date: string;
  proj_name: string;
  name: string;
  sex_text: string;
  age?: string | number | null;
  ageDetail?: string | null;
  bar_code: string;
}

export interface LaidOutLabel {
  template: LabelTemplateName;
  width: number;
  height: number;
  code: 'qrcode' | 'code128';
  /** The value the code carries. */
  value: string;
  /** The project's name and its font size (2 when the name is over 20 characters, else 3). */
  title: { text: string; size: 2 | 3 };
  /** name / sex / age, the age detail without its bracketed part. */
  line: string;
  date: string;
}

/** Whether a row has a code to print (a row kept from before bar codes were given has none). */
export function hasBarCode(row: Pick<LabelRow, 'bar_code'>): boolean {
  return String(row.bar_code ?? '').trim() !== '';
}

/** Lays a row out on a template; 打印模板不存在 for an unknown template, a clear refusal without a bar code. */
export function layOutLabel(row: LabelRow, template: string = DEFAULT_LABEL_TEMPLATE): LaidOutLabel {
  const t = (LABEL_TEMPLATES as Record<string, (typeof LABEL_TEMPLATES)[LabelTemplateName] | undefined>)[template];
  if (!t) throw new LabelError(LABEL_MESSAGES.noTemplate);
  if (!hasBarCode(row)) throw new LabelError(LABEL_MESSAGES.noBarcode);
  const value = String(row.bar_code).trim();
  const age = String(row.ageDetail ?? row.age ?? '')
    .replace(/[（(][^）)]*[）)]/g, '')
    .trim();
  return {
    template: template as LabelTemplateName,
    width: t.width,
    height: t.height,
    code: t.code,
    value,
    title: { text: row.proj_name, size: row.proj_name.length > 20 ? 2 : 3 },
    line: [row.name, row.sex_text, age].filter(Boolean).join(' '),
    date: row.apply_date,
  };
}

export interface LabelPrinter {
  available(): boolean;
  print(labels: LaidOutLabel[]): Promise<void>;
}

/** A printer that keeps what it was sent (the browser journeys and a desktop without the app). */
export function simulatedLabelPrinter(available = true): LabelPrinter & { printed: LaidOutLabel[] } {
  const printed: LaidOutLabel[] = [];
  return {
    printed,
    available: () => available,
    async print(labels) {
      printed.push(...labels);
    },
  };
}

/**
 * What the Android assistant app puts into its WebView (`addJavascriptInterface`) for its handheld
 * printer: `printLabels(json)` takes the laid-out labels as a JSON array and prints them in order.
 * The app is built to this interface; a desktop browser has none (decision 0039).
 */
export interface ShellLabelPrinterInterface {
  printLabels(json: string): void;
}

/** The name the app gives its interface on `window`. */
export const SHELL_LABEL_PRINTER = 'AndroidLabelPrinter';

/** The assistant app's printer when the page runs inside it; available() is false elsewhere. */
export function shellLabelPrinter(host: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): LabelPrinter {
  const shell = () => {
    const candidate = host[SHELL_LABEL_PRINTER] as Partial<ShellLabelPrinterInterface> | undefined;
    return candidate && typeof candidate.printLabels === 'function' ? (candidate as ShellLabelPrinterInterface) : undefined;
  };
  return {
    available: () => shell() !== undefined,
    async print(labels) {
      const printer = shell();
      if (!printer) throw new LabelError(LABEL_MESSAGES.noPrinter);
      printer.printLabels(JSON.stringify(labels));
    },
  };
}
