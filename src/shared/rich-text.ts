// Rich text of messages (spec 000 §5 / 002 §5: "sanitised with an allow-list that additionally
// permits iframe src, img data-w-e and style, and style on li and span"). One allow-list for the
// browser (DOMPurify on the page's window) and the server (DOMPurify on a jsdom window): the
// browser cleans what it shows and what it sends, the server cleans again what it stores, so a
// caller that skips the screen still cannot store a script. Decision 0040.
import type { Config, DOMPurify } from 'dompurify';

/** DOMPurify's defaults plus the spec's additions; data-* attributes only the editor's data-w-e. */
export const RICH_TEXT_CONFIG: Config = {
  ADD_TAGS: ['iframe'],
  ADD_ATTR: ['data-w-e', 'style', 'src'],
  ALLOW_DATA_ATTR: false,
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  FORBID_ATTR: ['srcdoc', 'formaction'],
};

/** The longest message content kept, after sanitising (characters of HTML). */
export const MESSAGE_CONTENT_MAX = 5000;

/** Sanitised HTML: scripts, event handlers, javascript: links and the like removed. */
export function sanitizeRichText(purify: DOMPurify, html: string): string {
  return String(purify.sanitize(html, { ...RICH_TEXT_CONFIG, RETURN_TRUSTED_TYPE: false }));
}

const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The text a reader sees (tags dropped, the common entities read), for the 30-character previews and the emptiness check. */
export function richTextPlain(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&amp;|&lt;|&gt;|&quot;|&#39;/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Spec 001 §5: whitespace-only counts empty (请输入内容); a picture or an embedded page is content. */
export function richTextIsEmpty(html: string): boolean {
  return richTextPlain(html) === '' && !/<(img|iframe)\b/i.test(html);
}

/** Escapes text for HTML, so a value filled into a template cannot add markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The placeholders a template may carry, filled per resident when it is sent (decision 0040). */
export const PLACEHOLDER_NAMES = ['姓名', '日期', '医生', '团队', '机构', '发送人'] as const;
export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];

/** `html` with each known {placeholder} replaced by its (escaped) value; unknown braces stay as written. */
export function fillPlaceholders(html: string, values: Partial<Record<PlaceholderName, string>>): string {
  return html.replace(/\{(姓名|日期|医生|团队|机构|发送人)\}/g, (whole, name: PlaceholderName) => {
    const value = values[name];
    return value === undefined ? whole : escapeHtml(value);
  });
}
