// Text that goes into a log table as the caller sent it (a login name, a user agent, a message):
// anything that reads logs line by line would take a CR or LF in it for a second, forged entry, and
// an 8,000-character name would be kept whole. So control characters are written as visible escapes
// (\r, \n, \t, \xHH; U+2028/2029 as \u2028/\u2029) and the text is capped, marked with … when cut.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/g;
const NAMED: Record<string, string> = { '\r': '\\r', '\n': '\\n', '\t': '\\t' };

const escapeControl = (c: string) =>
  NAMED[c] ?? (c.charCodeAt(0) > 0xff ? `\\u${c.charCodeAt(0).toString(16)}` : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

export function loggedText(value: string, max: number): string {
  const clean = value.replace(CONTROL, escapeControl);
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}
