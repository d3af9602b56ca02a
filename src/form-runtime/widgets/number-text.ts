/**
 * Number-with-unit typing (002 §5): non-digits are stripped with dots kept, and a negative number
 * becomes 0. Only the first dot survives, so what is left always reads as one number.
 */
export function sanitiseNumberText(raw: string): string {
  const trimmed = raw.trim();
  // A lone minus is a number on its way: keep it so the next digit can make it 0.
  if (trimmed === '-') return '-';
  if (/^-\s*\d/.test(trimmed)) return '0';
  const kept = trimmed.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot < 0 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, '');
}

/** The value a sanitised text stands for: null when nothing numeric is left ('' or '.'). */
export function numberOfText(text: string): number | null {
  if (text === '' || text === '.' || text === '-') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}
