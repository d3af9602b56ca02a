// The server's half of the rich-text allow-list (src/shared/rich-text.ts, decision 0040): what a
// message stores is sanitised here whatever the screen did. DOMPurify needs a DOM; on node it gets
// jsdom's window, made once on first use (≈150 ms; jsdom is a runtime dependency). Should it fail to
// load, the sanitiser does not guess with regular expressions — it keeps the message as plain text
// (every tag escaped), which is safe and still readable.
import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify';
import { escapeHtml, richTextPlain, sanitizeRichText } from '../../../src/shared/rich-text';

let purifier: Promise<DOMPurify | null> | undefined;

async function loadPurifier(): Promise<DOMPurify | null> {
  try {
    const { JSDOM } = await import('jsdom');
    return createDOMPurify(new JSDOM('').window as WindowLike);
  } catch {
    return null;
  }
}

/** Sanitised HTML for storing; without a DOM the plain text, escaped. */
export async function sanitizeMessageHtml(html: string): Promise<string> {
  purifier ??= loadPurifier();
  const purify = await purifier;
  return purify ? sanitizeRichText(purify, html) : escapeHtml(richTextPlain(html));
}
