// The designer's screens against the tenant's world (issue 30): the 问题 tab never says 可以发布
// before the world is known, the crowd-label select, the new-dictionary dialog kept with the working
// copy, and the import report.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { blade, failure, setupFakeServer, type FakeAnswer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import type { FormDocument } from '../../engine';
import type { CarriedDictionaries, ImportResult } from './designer-api';
import { analyse } from './diagnostics';
import { FormEditor } from './form-editor';
import { FormList } from './form-list';
import { ProblemsList } from './problems-list';

beforeAll(() => {
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = rects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

const BASE = '/api/blade-iph-business/form';

const WORLD = [
  {
    code: 'crowd_label',
    name: '人群标签',
    source: 'codemap',
    items: [
      { value: 'hypertension', label: '高血压' },
      { value: 'diabetes', label: '糖尿病' },
    ],
  },
  { code: 'smoke_status', name: '吸烟状况', source: 'tenant', items: [{ value: '1', label: '从不吸烟' }] },
];

const copdDoc = (): FormDocument => ({
  formCode: 'copdtest',
  formName: '慢阻肺随访',
  version: 1,
  placement: { kind: 'followup', appliesTo: { crowdLabels: ['hypertension'] }, menu: { title: '慢阻肺随访' } },
  sections: [{ id: 'main', title: '症状', columns: 1 }],
  fields: [
    { fieldProp: 'visitDate', fieldLabel: '随访日期', fieldType: 5, section: 'main' },
    { fieldProp: 'symptom', fieldLabel: '症状', fieldType: 7, bizCode: 'copd_symptom', section: 'main' },
  ],
});

const row = (over: Record<string, unknown> = {}) => ({
  id: '7',
  formCode: 'copdtest',
  formName: '慢阻肺随访',
  version: 0,
  updateUserName: '赵敏',
  updateTime: '2026-11-20 09:00:00',
  rowVersion: 3,
  ext: null,
  ...over,
});

let working: FormDocument = copdDoc();
let carried: CarriedDictionaries | null = null;
let worldAnswer: () => FakeAnswer | undefined = () => blade(WORLD);
let importAnswer: () => FakeAnswer = () => failure(404, 'no');

const { seen } = setupFakeServer((config) => {
  const url = config.url ?? '';
  if (url === `${BASE}/list`) return blade({ records: [], total: 0, size: 10, current: 1, pages: 1 });
  if (url === `${BASE}/detail`) return blade({ ...row(), document: working, cases: null, dictionaries: carried });
  if (url === `${BASE}/version`) return failure(404, '表单尚未发布');
  if (url === `${BASE}/dictionary-world`) return worldAnswer();
  if (url === `${BASE}/submit`) return blade(row({ rowVersion: 4 }), '更新成功');
  if (url === `${BASE}/import`) return importAnswer();
  return undefined;
});

beforeEach(() => {
  working = copdDoc();
  carried = null;
  worldAnswer = () => blade(WORLD);
});

function renderUi(ui: React.ReactElement) {
  return render(
    <UiProviders lang="zh">
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>{ui}</SWRConfig>
    </UiProviders>,
  );
}

const submits = () =>
  seen
    .filter((c) => c.url === `${BASE}/submit`)
    .map((c) => JSON.parse(String(c.data)) as { document: FormDocument; dictionaries?: CarriedDictionaries | null });

describe('the 问题 tab and the tenant’s world', { timeout: 30_000 }, () => {
  it('does not say 可以发布 while the world is loading, nor when it could not be read', async () => {
    const doc: FormDocument = { ...copdDoc(), fields: [copdDoc().fields[0]!] };
    // Loading: no world given to analyse.
    const loading = analyse(doc);
    expect(loading.compile.filter((e) => e.severity === 'error')).toEqual([]);
    const { unmount } = renderUi(<ProblemsList doc={doc} analysis={loading} onGo={() => undefined} />);
    expect(screen.getByTestId('problems-world').textContent).toContain('正在读取本租户的业务字典');
    expect(screen.queryByText(/可以发布/)).toBeNull();
    unmount();
    // The editor whose world request fails: no 可以发布, publish stays off.
    working = doc;
    worldAnswer = () => failure(500, '字典服务不可用');
    const user = userEvent.setup();
    renderUi(<FormEditor formId="7" onBack={() => undefined} />);
    await user.click(await screen.findByRole('tab', { name: /问题/ }));
    await waitFor(() => expect(screen.getByTestId('problems-world').textContent).toContain('读取本租户的业务字典失败'));
    expect(screen.queryByText(/可以发布/)).toBeNull();
    expect((screen.getByRole('button', { name: /发\s*布/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the crowd-label select lists crowd_label’s items by their labels and stores codes', async () => {
    const user = userEvent.setup();
    renderUi(<FormEditor formId="7" onBack={() => undefined} />);
    const panel = await screen.findByTestId('form-properties');
    // The chosen code shows its label once the world is known.
    await waitFor(() => expect(within(panel).getByText('高血压')).toBeTruthy());
    const select = within(panel).getByRole('combobox', { name: '适用人群标签' });
    fireEvent.mouseDown(select);
    await screen.findByRole('option', { name: '糖尿病' });
    expect(screen.getByRole('option', { name: '高血压' })).toBeTruthy();
    await user.click(document.querySelector<HTMLElement>('.ant-select-item-option[title="糖尿病"]')!);
    await waitFor(() => expect(submits().length).toBeGreaterThan(0), { timeout: 4000 });
    expect(submits().at(-1)!.document.placement?.appliesTo?.crowdLabels).toEqual(['hypertension', 'diabetes']);
  });

  it('新建字典 from a missing-dictionary problem adds it to the working copy sent by form/submit, and the problem goes', async () => {
    const user = userEvent.setup();
    renderUi(<FormEditor formId="7" onBack={() => undefined} />);
    await user.click(await screen.findByRole('tab', { name: /问题/ }));
    const problems = await screen.findByTestId('problems');
    await waitFor(() => expect(problems.textContent).toContain('字段 症状 (symptom) 的字典 copd_symptom 不存在'));
    expect((screen.getByRole('button', { name: /发\s*布/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(problems).getByRole('button', { name: '新建字典 copd_symptom' }));
    const dialog = await screen.findByTestId('dictionary-dialog');
    expect((within(dialog).getByRole('textbox', { name: '字典代码' }) as HTMLInputElement).value).toBe('copd_symptom');
    await user.type(within(dialog).getByRole('textbox', { name: '字典名称' }), '慢阻肺症状');
    // A label is required: saving without one keeps the dialog open.
    await user.click(screen.getByRole('button', { name: /保存到工作副本/ }));
    expect(await within(dialog).findByTestId('dictionary-problems')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: '字典项 1 名称' }), '咳嗽');
    await user.click(within(dialog).getByRole('button', { name: /添加选项/ }));
    await user.type(within(dialog).getByRole('textbox', { name: '字典项 2 名称' }), '咳痰');
    await user.click(screen.getByRole('button', { name: /保存到工作副本/ }));
    await waitFor(() => expect(screen.queryByTestId('dictionary-dialog')).toBeNull());
    // The problem is gone and publishing is possible.
    await waitFor(() => expect(screen.queryByText(/copd_symptom 不存在/)).toBeNull());
    expect(screen.getByText('没有问题: 可以发布')).toBeTruthy();
    expect((screen.getByRole('button', { name: /发\s*布/ }) as HTMLButtonElement).disabled).toBe(false);
    // Saved with the working copy, like the cases.
    await waitFor(() => expect(submits().length).toBeGreaterThan(0), { timeout: 4000 });
    expect(submits().at(-1)!.dictionaries).toEqual({
      copd_symptom: {
        name: '慢阻肺症状',
        items: [
          { value: '1', label: '咳嗽' },
          { value: '2', label: '咳痰' },
        ],
      },
    });
    // 发布 says what it will create in the tenant.
    await user.click(screen.getByRole('button', { name: /发\s*布/ }));
    expect((await screen.findByTestId('publish-dictionaries')).textContent).toContain('发布时创建或补充的字典: copd_symptom (2)');
  });
});

describe('导入 reports what it read and found', { timeout: 30_000 }, () => {
  it('shows the counts, each dictionary’s state, the placement and the problems; 打开设计 opens the form', async () => {
    const result: ImportResult = {
      ...row({ id: '9', formCode: 'copdimport', formName: '慢阻肺导入' }),
      fieldCount: 12,
      ruleCount: 3,
      caseCount: 2,
      dictionaries: [
        { code: 'smoke_status', state: 'tenant', newItems: 1, labelDifferences: ['2: 文件 戒烟 / 租户 已戒烟'] },
        { code: 'copd_symptom', state: 'files', newItems: 4, labelDifferences: [] },
        { code: 'copd_grade', state: 'missing', newItems: 0, labelDifferences: [] },
      ],
      hasPlacement: false,
      problems: [{ severity: 'error', text: '字段 分级 (grade) 的字典 copd_grade 不存在：请在业务字典中新建，或随表单提供字典' }],
    } as ImportResult;
    importAnswer = () => blade(result, '导入成功');
    const onOpen = vi.fn();
    renderUi(<FormList onOpen={onOpen} onHome={() => undefined} />);
    const input = await screen.findByTestId('import-input');
    expect(input.getAttribute('accept')).toContain('.dicts.json');
    const file = (name: string, text: string) => new File([text], name, { type: 'application/json' });
    fireEvent.change(input, {
      target: { files: [file('copdimport.json', '{}'), file('copdimport.dicts.json', '{"formCode":"copdimport","dictionaries":{}}')] },
    });
    const report = await screen.findByTestId('import-report');
    const sent = JSON.parse(String(seen.find((c) => c.url === `${BASE}/import`)!.data)) as { files: { name: string }[] };
    expect(sent.files.map((f) => f.name)).toEqual(['copdimport.json', 'copdimport.dicts.json']);
    expect(within(report).getByTestId('import-counts').textContent).toBe('12 个字段, 3 条规则, 2 个用例');
    const stateOf = (code: string) => within(report).getByText(code).closest('tr')!;
    expect(within(stateOf('smoke_status')).getByText('已有')).toBeTruthy();
    expect(stateOf('smoke_status').textContent).toContain('新字典项 1 个');
    expect(stateOf('smoke_status').textContent).toContain('2: 文件 戒烟 / 租户 已戒烟');
    expect(within(stateOf('copd_symptom')).getByText('随文件新建')).toBeTruthy();
    expect(stateOf('copd_symptom').textContent).toContain('新字典项 4 个');
    expect(within(stateOf('copd_grade')).getByText('缺少')).toBeTruthy();
    expect(within(report).getByTestId('import-no-placement').textContent).toBe('没有放置设置：居民档案中找不到这张表单');
    expect(within(report).getByTestId('import-problems').textContent).toContain('copd_grade 不存在');
    await userEvent.setup().click(screen.getByRole('button', { name: /打开设计/ }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: '9', formName: '慢阻肺导入' }));
  });
});
