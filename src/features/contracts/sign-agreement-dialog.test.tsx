import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { blade, failure, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { SignAgreementDialog } from './sign-agreement-dialog';

// The terms form (schemas/contractsign.json) stands in as its submit button; the PDF viewer as what it would show.
vi.mock('./contract-terms-form', () => ({
  termsFromDefaults: (d: Record<string, unknown>) => d,
  termsOf: (v: Record<string, unknown>) => v,
  ContractTermsForm: ({ values, submitText, onSubmit }: { values: object; submitText: string; onSubmit: (v: object) => void }) => (
    <button type="button" onClick={() => onSubmit(values)}>
      {submitText}
    </button>
  ),
}));
vi.mock('../../components/pdf-viewer/pdf-viewer', () => ({
  PdfViewer: ({ open, error }: { open: boolean; error?: string }) => (open ? <div data-testid="pdf-viewer">{error ?? 'PDF'}</div> : null),
}));

const { seen } = setupFakeServer((config) => {
  const url = config.url ?? '';
  if (url.endsWith('contract-info-generate'))
    return blade({ teamId: '1', doctorId: '2302', packIds: ['9'], startDate: '2026-11-30', endDate: '2027-11-29', phone: '', remark: '' });
  if (url.endsWith('create-or-update-contract'))
    return blade({
      id: '700',
      contractNo: 'QY7',
      state: 0,
      stateText: '待签约',
      personName: '何艳',
      rowVersion: 1,
      fee: 0,
      autographLink: '',
    });
  if (url.includes('generate-pdf/written-consent')) return failure(500, '知情同意书生成失败');
  return undefined;
});

describe('SignAgreementDialog 知情同意书', { timeout: 30_000 }, () => {
  it('is offered once the agreement is generated and opens the written consent in the PDF viewer', async () => {
    const user = userEvent.setup();
    render(
      <UiProviders lang="zh">
        <SignAgreementDialog open archId="A1" personName="何艳" onClose={() => undefined} />
      </UiProviders>,
    );
    const consent = await screen.findByTestId('contract-consent');
    expect((consent as HTMLButtonElement).disabled).toBe(true);
    await user.click(await screen.findByRole('button', { name: '生成协议' }));
    await vi.waitFor(() => expect((consent as HTMLButtonElement).disabled).toBe(false));
    await user.click(consent);
    expect((await screen.findByTestId('pdf-viewer')).textContent).toBe('知情同意书生成失败');
    expect(seen.some((c) => c.url === '/api/blade-resource/generate-pdf/written-consent?id=700')).toBe(true);
  });
});
