import { act, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldDef, FormDocument } from '../../engine';
import { renderWithUi, TEST_NOW } from '../test/render';
import { SchemaForm } from './schema-form';
import { EAGER_ROWS } from './widget-mount';

const userEvent = userEventLib.setup({ delay: null });

/** A form longer than the rows that mount at once; the last field is required. */
function longForm(): FormDocument {
  const fields: FieldDef[] = Array.from({ length: EAGER_ROWS + 10 }, (_, i) => ({
    fieldProp: `f${i}`,
    fieldLabel: `字段${i}`,
    fieldType: 3,
    section: 's',
  }));
  const last = fields[fields.length - 1] as FieldDef;
  last.required = 1;
  return { formCode: 'longform', formName: '长表单', version: 1, sections: [{ id: 's', title: '全部', columns: 2 }], fields };
}

// A browser's IntersectionObserver, which never reports anything here: rows beyond the first
// EAGER_ROWS wait for idle time (or focus).
class SilentObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', SilentObserver));
afterEach(() => vi.unstubAllGlobals());

const pendingRows = () => document.querySelectorAll('.fr-widget-pending').length;

describe('a long form mounts its widgets near the top first', { timeout: 30_000 }, () => {
  it('every row is there at once, late widgets show the value meanwhile, and all mount shortly after', async () => {
    const last = `f${EAGER_ROWS + 9}`;
    renderWithUi(
      <SchemaForm
        formCode="longform"
        document={longForm()}
        values={{ [last]: '已填' }}
        now={TEST_NOW}
        draft={false}
        onSubmit={() => undefined}
      />,
    );
    expect(document.querySelectorAll('[data-field]')).toHaveLength(EAGER_ROWS + 10);
    expect(pendingRows()).toBe(10);
    expect(document.querySelector(`[data-field="${last}"] .fr-widget-pending`)?.textContent).toBe('已填');
    await waitFor(() => expect(pendingRows()).toBe(0));
    expect(screen.getByLabelText(`字段${EAGER_ROWS + 9}`, { selector: 'input' })).toHaveProperty('value', '已填');
  });

  it('a failed submit focuses the first invalid field even when its widget had not mounted yet', async () => {
    // No idle time comes: the last row still waits when 提交 is pressed.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    renderWithUi(<SchemaForm formCode="longform" document={longForm()} now={TEST_NOW} draft={false} onSubmit={() => undefined} />);
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: /提\s*交|保\s*存/ }));
    });
    expect(pendingRows()).toBe(9);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(`字段${EAGER_ROWS + 9}`, { selector: 'input' })));
  });
});
