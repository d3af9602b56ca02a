// The browser's half of the rich-text allow-list (src/shared/rich-text.ts, decision 0040): DOMPurify
// on the page's own window cleans what the editor is given (a template, a restored version), what it
// sends, and every message before it is shown — the server cleans again what it stores.
import DOMPurify from 'dompurify';
import { richTextPlain, sanitizeRichText } from '../../shared/rich-text';

export const cleanHtml = (html: string): string => sanitizeRichText(DOMPurify, html);

/** Category 7 (更新记录) shows this many characters, then 更多 (spec 001 §8). */
export const UPDATE_PREVIEW_CHARS = 30;

/** The first `chars` characters a reader sees, and whether there is more. */
export function previewOf(html: string, chars = UPDATE_PREVIEW_CHARS): { text: string; more: boolean } {
  const text = richTextPlain(cleanHtml(html));
  return text.length > chars ? { text: `${text.slice(0, chars)}…`, more: true } : { text, more: false };
}
