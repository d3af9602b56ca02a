// The printed form beside the paper one: a paper layout (server/printing/paper-layouts/*.json — the
// national form's rows top to bottom, with the label our print gives a row where it differs) checked
// against a PDF's extracted text. No imports, so the browser journeys (Playwright) load it too.

export interface PaperLayout {
  title: string;
  source: string;
  rows: { paper: string; printed?: string[] }[];
}

/**
 * The rows of `layout` the text does not show in the paper's order: each printed label is looked for
 * after the previous one. Empty when the print follows the paper form row by row.
 */
export function rowsOutOfPaperOrder(text: string, layout: PaperLayout): string[] {
  const flat = text.replace(/\s+/g, '');
  const problems: string[] = [];
  let at = flat.indexOf(layout.title);
  if (at < 0) return [`title ${layout.title} not printed`];
  at += layout.title.length;
  for (const row of layout.rows) {
    for (const label of row.printed ?? [row.paper]) {
      const found = flat.indexOf(label, at);
      if (found < 0) problems.push(`${row.paper} (${label}) missing or out of order`);
      else at = found + label.length;
    }
  }
  return problems;
}
