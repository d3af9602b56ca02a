import type { CallCoverage, Coverage, CoverageRow } from './coverage-model';

const DOC_TITLES: Record<string, string> = {
  '000': '000 shell, login, users, menus',
  '001': '001 archives, follow-ups, contracts',
  '002': '002 administration, forms',
  all: 'all three',
};

function percent(part: number, whole: number): string {
  return whole === 0 ? '—' : `${part} (${Math.round((part / whole) * 100)}%)`;
}

/** The summary table: per document, then per service prefix inside it. */
export function renderSummary(rows: CoverageRow[]): string {
  const lines = ['| document | service | calls | implemented | tested | missing | left out |', '|---|---|---:|---:|---:|---:|---:|'];
  for (const r of rows) {
    const strong = r.service.startsWith('all');
    const cell = (text: string) => (strong ? `**${text}**` : text);
    lines.push(
      `| ${cell(DOC_TITLES[r.doc] ?? r.doc)} | ${cell(r.service)} | ${cell(String(r.total))} | ${cell(percent(r.implemented, r.total))} | ${cell(percent(r.tested, r.total))} | ${cell(String(r.missing))} | ${cell(String(r.leftOut))} |`,
    );
  }
  return lines.join('\n');
}

const STATE_TEXT: Record<CallCoverage['state'], string> = {
  tested: 'tested',
  untested: '**NO TEST**',
  missing: 'missing',
  'left-out': 'left out',
};

/** Every call, grouped by document and service, with its state and the spec lines naming it. */
export function renderCallList(coverage: Coverage): string {
  const out: string[] = [
    '# Spec calls, one by one',
    '',
    'Written by `npm run spec:coverage`; do not edit. `GET?`/`POST?`: the spec does not state the method',
    '(BladeX convention; a route of either method answers it). The summary is in README.md.',
  ];
  for (const doc of ['000', '001', '002'] as const) {
    const calls = coverage.calls.filter((c) => c.doc === doc);
    out.push('', `## ${DOC_TITLES[doc]}`);
    for (const service of [...new Set(calls.map((c) => c.service))].sort()) {
      out.push('', `### ${service}`, '', '| call | spec line | state |', '|---|---|---|');
      for (const c of calls.filter((x) => x.service === service).sort((a, b) => a.path.localeCompare(b.path))) {
        const state = c.state === 'left-out' ? `left out: ${c.reason}` : STATE_TEXT[c.state];
        out.push(`| \`${c.method}${c.methodStated ? '' : '?'} ${c.path}\` | ${c.specLines.join(', ')} | ${state} |`);
      }
    }
  }
  out.push(
    '',
    '## Routes no spec document names',
    '',
    "The project's own calls (form versions, publishing, records…), for the record:",
    '',
  );
  for (const route of coverage.ownRoutes) out.push(`- \`${route}\``);
  return `${out.join('\n')}\n`;
}

/** Replaces the text between the coverage markers of a README, keeping the rest. */
export function replaceBetweenMarkers(readme: string, body: string): string {
  const start = '<!-- spec-coverage:start -->';
  const end = '<!-- spec-coverage:end -->';
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) return `${readme.trimEnd()}\n\n${start}\n${body}\n${end}\n`;
  return `${readme.slice(0, from + start.length)}\n${body}\n${readme.slice(to)}`;
}
