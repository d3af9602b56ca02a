import { EditorView } from '@codemirror/view';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SWRConfig } from 'swr';
import { blade, failure, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import type { FormDocument } from '../../engine';
import type { CasesFile } from './case-runner';
import { FormEditor } from './form-editor';
import { FormList } from './form-list';

// CodeMirror measures text with Range rectangles, which jsdom does not implement.
beforeAll(() => {
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = rects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

const BASE = '/api/blade-iph-business/form';

const bmiDoc = (): FormDocument => ({
  formCode: 'bmitest',
  formName: '体质指数测试表',
  version: 2,
  sections: [{ id: 'main', title: '测量', columns: 2 }],
  fields: [
    { fieldProp: 'height', fieldLabel: '身高', fieldType: 4, unit: 'cm', section: 'main' },
    { fieldProp: 'weight', fieldLabel: '体重', fieldType: 4, unit: 'kg', section: 'main' },
    {
      fieldProp: 'bmi',
      fieldLabel: '体质指数',
      fieldType: 4,
      section: 'main',
      reckons: [{ id: 'bmi.calc', kind: 'calc', tcontent: 'calcBmi(weight, height)' }],
    },
  ],
});

const published = (): FormDocument => ({ ...bmiDoc(), version: 1 });

const row = (over: Record<string, unknown>) => ({
  id: '1',
  formCode: 'bmitest',
  formName: '体质指数测试表',
  version: 1,
  updateUserName: '赵敏',
  updateTime: '2026-11-20 09:00:00',
  rowVersion: 3,
  ext: null,
  ...over,
});

let working: FormDocument = bmiDoc();
let cases: CasesFile | null = null;
let submitAnswer: () => ReturnType<typeof blade> = () => blade(row({ rowVersion: 4 }), '更新成功');
let listAnswer: () => ReturnType<typeof blade> = () => blade({ records: [], total: 0, size: 10, current: 1, pages: 1 });

const { seen } = setupFakeServer((config) => {
  const url = config.url ?? '';
  const params = (config.params ?? {}) as Record<string, unknown>;
  if (url === `${BASE}/list`) return listAnswer();
  if (url === `${BASE}/detail`) {
    if (params.id === '1') return blade({ ...row({}), document: working, cases });
    if (params.id === '2')
      return blade({
        ...row({ id: '2', formCode: 'changedform', version: 1 }),
        document: { ...bmiDoc(), formCode: 'changedform', formName: '改过的表' },
      });
    if (params.id === '3')
      return blade({
        ...row({ id: '3', formCode: 'sameform', version: 1 }),
        document: { ...published(), formCode: 'sameform', version: 2 },
      });
    return failure(404, '表单不存在');
  }
  if (url === `${BASE}/version`) {
    if (params.formCode === 'bmitest' || params.formCode === 'sameform' || params.formCode === 'changedform')
      return blade({ ...published(), formCode: params.formCode });
    return failure(404, '表单尚未发布');
  }
  if (url === `${BASE}/submit`) return submitAnswer();
  return undefined;
});

beforeEach(() => {
  working = bmiDoc();
  cases = null;
  submitAnswer = () => blade(row({ rowVersion: 4 }), '更新成功');
});

function renderUi(ui: React.ReactElement) {
  return render(
    <UiProviders lang="zh">
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>{ui}</SWRConfig>
    </UiProviders>,
  );
}

const renderEditor = () => renderUi(<FormEditor formId="1" onBack={() => undefined} />);
const outline = () => screen.getByTestId('outline');
const fieldRow = (prop: string) => outline().querySelector<HTMLElement>(`[data-field="${prop}"]`)!;
const submits = () =>
  seen
    .filter((c) => c.url === `${BASE}/submit`)
    .map((c) => JSON.parse(String(c.data)) as { id: string; rowVersion?: number; document: FormDocument });
const statusTag = () =>
  screen
    .getByTestId('form-editor')
    .querySelector('[data-status="published"], [data-status="changed"], [data-status="unpublished"]')
    ?.getAttribute('data-status');

describe('the form list', { timeout: 30_000 }, () => {
  it('shows the rows with their kind, version, who changed them and the working copy’s status', async () => {
    listAnswer = () =>
      blade({
        records: [
          row({
            id: '4',
            formCode: 'newform',
            formName: '新表',
            version: 0,
            workingStatus: 'unpublished',
            ext: JSON.stringify({ placement: { kind: 'screening', menu: { title: '筛查' } } }),
          }),
          row({
            id: '3',
            formCode: 'sameform',
            formName: '没改过的表',
            workingStatus: 'published',
            ext: JSON.stringify({ placement: { kind: 'followup' } }),
          }),
          row({ id: '2', formCode: 'changedform', formName: '改过的表', workingStatus: 'changed', updateUserName: '李娜' }),
        ],
        total: 3,
        size: 10,
        current: 1,
        pages: 1,
      });
    renderUi(<FormList onOpen={() => undefined} onHome={() => undefined} />);
    const rowOf = async (code: string) => (await screen.findByText(code)).closest('tr') as HTMLElement;
    const fresh = await rowOf('newform');
    expect(within(fresh).getByText('未发布')).toBeTruthy();
    expect(within(fresh).getByText('筛查')).toBeTruthy();
    const same = await rowOf('sameform');
    expect(await within(same).findByText('已发布')).toBeTruthy();
    expect(within(same).getByText('随访')).toBeTruthy();
    const changed = await rowOf('changedform');
    expect(await within(changed).findByText('有未发布修改')).toBeTruthy();
    expect(within(changed).getByText('李娜')).toBeTruthy();
    expect(within(changed).getByText('2026-11-20 09:00:00')).toBeTruthy();
    // The list answers the status: no row asks for its working copy or its latest version.
    expect(seen.some((c) => c.url === `${BASE}/detail` || c.url === `${BASE}/version`)).toBe(false);
  });

  it('a 403 on the list shows the forbidden result', async () => {
    listAnswer = () => failure(403, '只有管理员可以设计表单');
    renderUi(<FormList onOpen={() => undefined} onHome={() => undefined} />);
    expect(await screen.findByText('只有具有表单设计权限的用户 (管理员) 可以使用此页面')).toBeTruthy();
    expect(screen.getByText('403')).toBeTruthy();
  });
});

describe('the editor', { timeout: 30_000 }, () => {
  it('editing a field label in the property panel marks the working copy changed and autosaves it with its rowVersion', async () => {
    const user = userEvent.setup();
    renderEditor();
    await waitFor(() => expect(statusTag()).toBe('published'));
    await user.click(within(fieldRow('weight')).getByText('体重'));
    const panel = await screen.findByTestId('field-properties');
    const label = within(panel).getByRole('textbox', { name: '标签' });
    await user.clear(label);
    await user.type(label, '体重(空腹)');
    await waitFor(() => expect(fieldRow('weight').textContent).toContain('体重(空腹)'));
    expect(statusTag()).toBe('changed');
    expect(screen.getByTestId('save-state').getAttribute('data-status')).toBe('dirty');
    // 1.5 s after the last keystroke, one save with the rowVersion that was read.
    await waitFor(() => expect(submits().length).toBe(1), { timeout: 4000 });
    expect(submits()[0]).toMatchObject({ id: '1', rowVersion: 3 });
    expect(submits()[0]!.document.fields[1]).toMatchObject({ fieldProp: 'weight', fieldLabel: '体重(空腹)', unit: 'kg' });
    await waitFor(() => expect(screen.getByTestId('save-state').getAttribute('data-status')).toBe('saved'));
  });

  it('a misspelt field name in a rule shows the engine’s diagnostic inline, as it is typed', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(within(await waitFor(() => fieldRow('bmi'))).getByText('体质指数'));
    await user.click(screen.getByRole('tab', { name: /规则/ }));
    const content = await screen.findByLabelText('bmi.calc 表达式 (tcontent)');
    expect(content.textContent).toBe('calcBmi(weight, height)');
    const view = EditorView.findFromDOM(content)!;
    act(() => view.dispatch({ changes: { from: 'calcBmi('.length, to: 'calcBmi(weight'.length, insert: 'weigth' } }));
    const rule = document.querySelector('.fd-rule[data-rule="bmi.calc"]') as HTMLElement;
    await waitFor(() => expect(rule.querySelector('.fd-diagnostic')?.textContent).toBe('未知的字段: weigth'));
    // CodeMirror's lint marks the misspelt name itself.
    await waitFor(() => expect(rule.querySelector('.cm-lintRange-error')?.textContent).toBe('weigth'), { timeout: 3000 });
    // The outline counts the problem on the field and the publish button waits for a fix.
    expect(within(fieldRow('bmi')).getByText('1')).toBeTruthy();
    expect((screen.getByRole('button', { name: /发\s*布/ }) as HTMLButtonElement).disabled).toBe(true);
    act(() => view.dispatch({ changes: { from: 'calcBmi('.length, to: 'calcBmi(weigth'.length, insert: 'weight' } }));
    await waitFor(() => expect(rule.querySelector('.fd-diagnostic')).toBeNull());
  });

  it('completes field names with their labels, the engine’s functions and, in a string, dictionary codes', async () => {
    working = {
      ...bmiDoc(),
      options: {
        smoke: {
          name: '吸烟',
          items: [
            { value: '1', label: '吸烟' },
            { value: '2', label: '不吸烟' },
          ],
        },
      },
      fields: [...bmiDoc().fields, { fieldProp: 'smoker', fieldLabel: '是否吸烟', fieldType: 2, bizCode: 'smoke', section: 'main' }],
    };
    const { codeItems, fieldItems, functionItems } = await import('./completions');
    expect(fieldItems(working).find((i) => i.label === 'weight')).toMatchObject({ detail: '体重' });
    expect(functionItems().find((i) => i.label === 'calcBmi')?.info).toContain('weight');
    const lookup = (f: { bizCode?: string }) => working.options?.[f.bizCode ?? '']?.items;
    expect(codeItems(working, lookup, 'smoker == "').map((i) => [i.label, i.detail])).toEqual([
      ['1', '吸烟'],
      ['2', '不吸烟'],
    ]);
  });

  it('renaming a field renames what reads it: the rules and the cases follow, letter by letter', async () => {
    cases = { formCode: 'bmitest', cases: [{ name: '正常', given: { weight: 70, height: 175 }, expect: { values: { bmi: 22.86 } } }] };
    const user = userEvent.setup();
    renderEditor();
    await user.click(within(await waitFor(() => fieldRow('weight'))).getByText('体重'));
    const name = within(await screen.findByTestId('field-properties')).getByRole('textbox', { name: '字段名' });
    // Cleared first (an empty name, then names of one letter): nothing is lost on the way.
    await user.clear(name);
    await user.type(name, 'mass');
    await waitFor(() => expect(submits().length).toBeGreaterThan(0), { timeout: 4000 });
    const saved = submits().at(-1)!;
    expect(saved.document.fields.map((f) => f.fieldProp)).toEqual(['height', 'mass', 'bmi']);
    expect(saved.document.fields[2]?.reckons?.[0]?.tcontent).toBe('calcBmi(mass, height)');
    expect((saved as unknown as { cases: CasesFile }).cases.cases[0]?.given).toEqual({ mass: 70, height: 175 });
    // Renamed (pasted) onto another field's name, nothing is carried over: that name's rules are its
    // own, and merging them could not be undone. The compiler reports the duplicate instead.
    const before = submits().length;
    fireEvent.change(name, { target: { value: 'height' } });
    await waitFor(() => expect(submits().length).toBeGreaterThan(before), { timeout: 4000 });
    const clash = submits().at(-1)!;
    expect(clash.document.fields.map((f) => f.fieldProp)).toEqual(['height', 'height', 'bmi']);
    expect(clash.document.fields[2]?.reckons?.[0]?.tcontent).toBe('calcBmi(mass, height)');
  });

  it('the preview shows an added field', async () => {
    const user = userEvent.setup();
    renderEditor();
    const preview = await screen.findByTestId('preview', {}, { timeout: 5000 });
    await waitFor(() => expect(within(preview).getByText('体质指数')).toBeTruthy());
    await user.click(within(outline()).getByRole('button', { name: /添加字段 测量/ }));
    await waitFor(() => expect(fieldRow('field4')).toBeTruthy());
    await waitFor(() => expect(within(screen.getByTestId('preview')).getByText('新字段4')).toBeTruthy(), { timeout: 3000 });
    // The new field is selected, its panel open.
    expect((within(screen.getByTestId('field-properties')).getByRole('textbox', { name: '字段名' }) as HTMLInputElement).value).toBe(
      'field4',
    );
  });

  it('a 409 on autosave shows who changed the form and keeps the edit', async () => {
    submitAnswer = () =>
      failure(409, '该表单已被他人修改（李娜 2026-11-25 10:00:00），请刷新后重试', {
        rowVersion: 5,
        updateUserName: '李娜',
        updateTime: '2026-11-25 10:00:00',
      });
    const user = userEvent.setup();
    renderEditor();
    await user.click(within(await waitFor(() => fieldRow('height'))).getByText('身高'));
    const label = within(await screen.findByTestId('field-properties')).getByRole('textbox', { name: '标签' });
    await user.clear(label);
    await user.type(label, '身高(赤足)');
    const dialog = await screen.findByTestId('conflict-dialog', {}, { timeout: 4000 });
    expect(dialog.textContent).toContain('李娜 于 2026-11-25 10:00:00 修改了这张表单的工作副本');
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /覆盖/ })).toBeNull();
    // The edit is still on the page, and no second save is tried.
    expect(fieldRow('height').textContent).toContain('身高(赤足)');
    expect(screen.getByTestId('save-state').getAttribute('data-status')).toBe('conflict');
    expect(submits().length).toBe(1);
  });

  it('runs the form’s cases in the browser: pass and fail, with what differed', async () => {
    cases = {
      formCode: 'bmitest',
      now: '2024-06-15T09:00:00',
      cases: [
        { name: '正常体重', given: { height: 170, weight: 65 }, expect: { values: { bmi: 22.49 } } },
        { name: '写错的期望', given: { height: 170, weight: 65 }, expect: { values: { bmi: 30 } } },
      ],
    };
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('tab', { name: '用例' }));
    await user.click(screen.getByRole('button', { name: /运行用例/ }));
    const results = await screen.findByTestId('case-results');
    expect(results.textContent).toContain('1 / 2 通过');
    expect(results.querySelector('[data-case="正常体重"]')?.getAttribute('data-passed')).toBe('true');
    const failed = results.querySelector('[data-case="写错的期望"]') as HTMLElement;
    expect(failed.getAttribute('data-passed')).toBe('false');
    expect(failed.textContent).toContain('bmi (规则 bmi.calc');
    expect(failed.textContent).toContain('30');
    expect(failed.textContent).toContain('22.49');
  });

  it('a cases text the meta-schema refuses is named and not kept', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('tab', { name: '用例' }));
    const text = screen.getByRole('textbox', { name: '用例' });
    fireEvent.change(text, { target: { value: '{ "formCode": "bmitest", "cases": [ { "given": {} } ] }' } });
    expect(await screen.findByText('用例文件有误')).toBeTruthy();
    expect(screen.getByText(/缺少必填属性 name/)).toBeTruthy();
    expect((screen.getByRole('button', { name: /运行用例/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
