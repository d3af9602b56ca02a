import { screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderWithUi, TEST_NOW } from '../test/render';
import { SchemaForm } from './schema-form';

const RECORD = {
  visitDate: '2024-06-10',
  visitMethod: '2',
  birthDate: '1964-03-02',
  symptoms: ['1'],
  sbp: 150,
  dbp: 95,
  height: 165,
  weight: 68,
  outcome: '1',
};
const row = (prop: string) => document.querySelector(`[data-field="${prop}"]`) as HTMLElement;

describe('view and print modes', { timeout: 30_000 }, () => {
  it('view shows values as text — labels for codes, units for numbers — with nothing to edit', () => {
    renderWithUi(
      <SchemaForm formCode="hypertensionfollowup" source="bundled" values={RECORD} mode="view" now={TEST_NOW} onSubmit={() => undefined} />,
    );
    expect(row('visitMethod').textContent).toContain('家庭');
    expect(row('weight').textContent).toContain('68 kg');
    expect(row('bmi').textContent).toContain('24.98');
    expect(row('bpLevel').textContent).toContain('1级高血压');
    expect(document.querySelectorAll('.fr-form input, .fr-form textarea')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });

  it('print lays the record out for A4 with the form name, and every field row is kept whole', () => {
    renderWithUi(<SchemaForm formCode="hypertensionfollowup" source="bundled" values={RECORD} mode="print" now={TEST_NOW} />);
    expect(screen.getByRole('heading', { name: '高血压患者随访服务记录表' })).toBeTruthy();
    expect(document.querySelector('.fr-mode-print')).not.toBeNull();
    expect(row('sbp').classList.contains('fr-field')).toBe(true);
    // jsdom applies no print CSS: the rules themselves are checked.
    const css = readFileSync(path.join(__dirname, '../form-runtime.css'), 'utf8');
    expect(css).toMatch(/@page\s*{\s*size:\s*A4/);
    expect(css).toMatch(/@media print\s*{[^@]*\.fr-field\s*{[^}]*break-inside:\s*avoid/);
  });
});
