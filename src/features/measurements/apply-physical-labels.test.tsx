import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { shellLabelPrinter, simulatedLabelPrinter, type LabelPrinter } from '../../bridges/label-printer';
import { UiProviders } from '../../components/ui-providers';
import { ApplyPhysicalDialog } from './apply-physical-dialog';

const CODED = [
  {
    apply_date: '2026-11-29',
    proj_name: '血常规',
    name: '陈明',
    sex_text: '男',
    age: 60,
    ageDetail: '60岁(1966-03-02)',
    bar_code: 'T2611290001',
  },
  {
    apply_date: '2026-11-29',
    proj_name: '肝功能',
    name: '陈明',
    sex_text: '男',
    age: 60,
    ageDetail: '60岁(1966-03-02)',
    bar_code: 'T2611290002',
  },
];
/** A row kept from before bar codes were given: no code. */
const UNCODED = { ...CODED[0]!, proj_name: '尿常规', bar_code: '' };
let rows: typeof CODED = CODED;
let clinicTemplate = '';
setupFakeServer({
  '/api/blade-iph-business/usermeasure/measure-project-list': blade([]),
  '/api/blade-iph-business/userapplyproject/listBarCodeData': () => blade(rows),
  '/api/blade-system/systemparam/getByKey': (config) => blade(config.params?.key === 'labelPrintTemplate' ? clinicTemplate : ''),
});

async function openLabels(printer: LabelPrinter, count = 2) {
  render(
    <UiProviders lang="zh">
      <ApplyPhysicalDialog archId="1" personName="陈明" mainId="77" printer={printer} onClose={() => undefined} />
    </UiProviders>,
  );
  await waitFor(() => expect(screen.getAllByTestId('measure-label')).toHaveLength(count));
}

describe('体检申请’s labels on the 标签打印机', { timeout: 30_000 }, () => {
  beforeEach(() => {
    rows = CODED;
  });

  it('says 该项目没有条码，不能打印标签 on a row without a bar code and above the labels, and prints the others', async () => {
    clinicTemplate = '';
    rows = [CODED[0]!, UNCODED, CODED[1]!];
    const printer = simulatedLabelPrinter();
    await openLabels(printer, 3);
    const [, uncoded] = screen.getAllByTestId('measure-label');
    expect(uncoded!.textContent).toContain('尿常规');
    expect(uncoded!.textContent).toContain('该项目没有条码，不能打印标签');
    expect(uncoded!.querySelector('canvas')).toBeNull();
    expect(screen.getByTestId('labels-without-code').textContent).toBe('尿常规：该项目没有条码，不能打印标签');
    await userEvent.click(screen.getByTestId('label-printer'));
    expect(await screen.findByText('发送打印信息到打印机')).toBeTruthy();
    expect(printer.printed.map((l) => l.value)).toEqual(['T2611290001', 'T2611290002']);
  });

  it('with no row that has a bar code, 标签打印机 says so and prints nothing', async () => {
    clinicTemplate = '';
    rows = [UNCODED];
    const printer = simulatedLabelPrinter();
    await openLabels(printer, 1);
    await userEvent.click(screen.getByTestId('label-printer'));
    await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain('该项目没有条码，不能打印标签'));
    expect(printer.printed).toEqual([]);
  });

  it('labels with bar codes say nothing of a missing one', async () => {
    clinicTemplate = '';
    await openLabels(simulatedLabelPrinter());
    expect(screen.queryByTestId('labels-without-code')).toBeNull();
    expect(screen.queryByText(/该项目没有条码/)).toBeNull();
  });

  it('sends each row laid out on the default template (40x30 QR code) and says it was sent', async () => {
    clinicTemplate = '';
    const printer = simulatedLabelPrinter();
    await openLabels(printer);
    await userEvent.click(screen.getByTestId('label-printer'));
    expect(await screen.findByText('发送打印信息到打印机')).toBeTruthy();
    expect(printer.printed).toEqual([
      expect.objectContaining({
        template: '40x30-qr',
        code: 'qrcode',
        value: 'T2611290001',
        line: '陈明 男 60岁',
        title: { text: '血常规', size: 3 },
      }),
      expect.objectContaining({ template: '40x30-qr', value: 'T2611290002', title: { text: '肝功能', size: 3 } }),
    ]);
  });

  it('prints on the template chosen', async () => {
    clinicTemplate = '';
    const user = userEvent.setup();
    const printer = simulatedLabelPrinter();
    await openLabels(printer);
    await user.click(screen.getByRole('combobox', { name: '标签模板' }));
    await user.click(await screen.findByText('50x40 条形码'));
    await user.click(screen.getByTestId('label-printer'));
    await waitFor(() =>
      expect(printer.printed.map((l) => [l.template, l.code, l.width, l.height])).toEqual([
        ['50x40-bar', 'code128', 50, 40],
        ['50x40-bar', 'code128', 50, 40],
      ]),
    );
  });

  it('says 打印模板不存在 for a clinic template that is none, and prints nothing', async () => {
    clinicTemplate = '60x40-qr';
    const printer = simulatedLabelPrinter();
    await openLabels(printer);
    await waitFor(() => expect(screen.getByTestId('label-template').textContent).toContain('60x40-qr'));
    await userEvent.click(screen.getByTestId('label-printer'));
    expect(await screen.findByText('打印模板不存在')).toBeTruthy();
    expect(printer.printed).toEqual([]);
  });

  it('outside the assistant app says there is no label printer', async () => {
    clinicTemplate = '';
    const printer = simulatedLabelPrinter(false);
    await openLabels(printer);
    await userEvent.click(screen.getByTestId('label-printer'));
    expect(await screen.findByText('没有连接标签打印机(请在助手App中访问系统)!')).toBeTruthy();
    expect(printer.printed).toEqual([]);
  });
});

describe('the assistant app’s printer interface', () => {
  it('is there only when the app put it on the page, and gets the labels as JSON', async () => {
    expect(shellLabelPrinter({}).available()).toBe(false);
    const sent: string[] = [];
    const printer = shellLabelPrinter({ AndroidLabelPrinter: { printLabels: (json: string) => sent.push(json) } });
    expect(printer.available()).toBe(true);
    await printer.print([
      {
        template: '40x30-qr',
        width: 40,
        height: 30,
        code: 'qrcode',
        value: 'T1',
        title: { text: '血常规', size: 3 },
        line: '陈明',
        date: '2026-11-29',
      },
    ]);
    expect(JSON.parse(sent[0]!)).toEqual([expect.objectContaining({ value: 'T1', template: '40x30-qr' })]);
    await expect(shellLabelPrinter({}).print([])).rejects.toThrow('没有连接标签打印机(请在助手App中访问系统)!');
  });
});
