import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { blade, failure, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import type { QualityTopic, TopicCheck, TopicDetail } from '../../api/quality';
import { QualityPage } from './quality-page';
import { bodyOf, caseValueErrors, draftOf, ruleDiagnostics } from './topic-draft';

const FIELDS = [
  { fieldProp: 'sbp', fieldLabel: '收缩压', fieldType: 4 },
  { fieldProp: 'dbp', fieldLabel: '舒张压', fieldType: 4 },
  { fieldProp: 'followupClass', fieldLabel: '此次随访分类', fieldType: 1 },
];

const documentOf = (when: string) => ({
  code: 'gxy_bp_satisfied',
  name: '高血压随访：血压未达标评为控制满意',
  qualityType: 'hypertension',
  queryType: 'logic',
  form: 'hypertensionfollowup',
  source: '国家基本公共卫生服务规范（第三版）',
  rules: [{ id: 'bp_high', when, message: '血压未达标不应评为控制满意' }],
  cases: [{ name: '150/95 控制满意', values: { followupClass: '1', sbp: 150, dbp: 95 }, fails: ['bp_high'] }],
});

let detail: TopicDetail;
let checkAnswer: TopicCheck;
let submitRefused = false;

const listTopic: QualityTopic = {
  code: 'gxy_bp_satisfied',
  name: '高血压随访：血压未达标评为控制满意',
  qualityType: 'hypertension',
  qualityTypeName: '高血压',
  queryType: 'logic',
  queryTypeName: '逻辑性',
  formCode: 'hypertensionfollowup',
  source: '',
  rules: [],
  lastRun: null,
  applicable: true,
  notice: '',
  origin: 'tenant',
};

const { seen } = setupFakeServer(
  (config) => {
    const url = config.url ?? '';
    if (url.endsWith('menu/buttons'))
      return blade([
        { id: '4350', code: 'qualitymanage_run', name: '开始质控' },
        { id: '4430', code: 'qualitymanage_edit', name: '编辑专题' },
      ]);
    if (url.endsWith('quality-manage/list')) return blade({ records: [listTopic], total: 1, size: 200, current: 1, pages: 1 });
    if (url.endsWith('topic/detail')) return blade(detail);
    if (url.endsWith('topic/forms')) return blade([{ code: 'hypertensionfollowup', name: '高血压随访', fields: FIELDS }]);
    if (url.endsWith('topic/check')) return blade(checkAnswer);
    if (url.endsWith('topic/submit'))
      return submitRefused
        ? failure(400, `规则 bp_high：${checkAnswer.problems[0]?.message ?? ''}`, checkAnswer)
        : blade({ ...detail, origin: 'tenant', version: 1 }, '保存成功');
    if (url.endsWith('topic/remove')) return blade(['gxy_bp_satisfied']);
    if (url.includes('quality-manage/list/'))
      return blade({ topic: listTopic, run: null, records: [], total: 0, size: 20, current: 1, pages: 1 });
    if (url.endsWith('listDoctor') || url.endsWith('team-list')) return blade([]);
    return undefined;
  },
  { login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', user_id: '2305', account: 'cdc', real_name: '赵敏' } },
);

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/qualitymanage/*', element: <QualityPage /> }], { initialEntries: [path] });
  render(
    <UiProviders lang="zh">
      <RouterProvider router={router} />
    </UiProviders>,
  );
  return router;
}

const fileDetail = (when: string): TopicDetail => ({
  document: documentOf(when),
  origin: 'file',
  hasFile: true,
  version: null,
  updateUserName: '',
  updateTime: '',
});

describe('the topic draft', () => {
  it('compiles a condition with the engine over the form’s fields, and builds the body with the cases’ JSON values', () => {
    expect(ruleDiagnostics(FIELDS, { id: 'r', when: 'sbp >= 140 || dbp >= 90', message: 'x' })[0]?.message).toContain("'||' 不可用");
    expect(ruleDiagnostics(FIELDS, { id: 'r', when: 'pulse > 100', message: 'x' })[0]?.message).toBe('未知的字段: pulse');
    expect(ruleDiagnostics(FIELDS, { id: 'r', when: 'sbp >= 140', message: 'x' })).toEqual([]);
    const draft = draftOf(documentOf('sbp >= 140'));
    expect(bodyOf(draft, 3)).toMatchObject({ code: 'gxy_bp_satisfied', version: 3, cases: [{ values: { sbp: 150 }, fails: ['bp_high'] }] });
    expect(caseValueErrors({ ...draft, cases: [{ ...draft.cases[0]!, values: '{sbp: 1' }] }, 'bad').get(0)).toBe('bad');
  });
});

describe('TopicEditor (/qualitymanage/edit)', { timeout: 30_000 }, () => {
  it('the list offers 编辑 and 新增专题 with the button permission', async () => {
    const user = userEvent.setup();
    detail = fileDetail('sbp >= 140');
    const router = renderAt('/qualitymanage/index');
    await screen.findByText('高血压随访：血压未达标评为控制满意');
    expect(screen.getByRole('button', { name: '新增专题' })).toBeTruthy();
    // The institution's own version is marked in the list.
    expect(screen.getByText('本机构')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?code=gxy_bp_satisfied'));
    expect(await screen.findByDisplayValue('bp_high')).toBeTruthy();
  });

  it('shows the engine’s message under a broken condition as it is, and 校验 shows the server’s by rule and case', async () => {
    const user = userEvent.setup();
    detail = fileDetail('sbp >= 140 || dbp >= 90');
    checkAnswer = {
      ok: false,
      problems: [{ ruleId: 'bp_high', caseIndex: null, message: '表达式语法错误 [1:12] 不认识的字符 "|" (\'||\' 不可用, 逻辑或请写 or)' }],
      cases: [],
    };
    renderAt('/qualitymanage/edit?code=gxy_bp_satisfied');
    expect(await screen.findByText('文件版本')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '恢复为文件版本' })).toBeNull();
    // The inline compile (the engine in the browser) names the fault before any call.
    expect((await screen.findAllByText(/'\|\|' 不可用, 逻辑或请写 or/)).length).toBeGreaterThanOrEqual(1);
    await user.click(screen.getByRole('button', { name: /校\s*验/ }));
    expect(await screen.findByTestId('rule-problem')).toBeTruthy();
    expect(screen.getByTestId('check-outcome').textContent).toBe('校验未通过');
    const sent = JSON.parse(seen.find((c) => c.url?.endsWith('topic/check'))!.data as string) as {
      rules: { when: string }[];
      version: null;
    };
    expect(sent.rules[0]?.when).toBe('sbp >= 140 || dbp >= 90');
    expect(sent.version).toBeNull();
  });

  it('a refused save shows the problems by case; a good one goes to the topic’s page', async () => {
    const user = userEvent.setup();
    detail = fileDetail('sbp >= 140');
    checkAnswer = {
      ok: false,
      problems: [{ ruleId: null, caseIndex: 0, message: '用例 1（150/95 控制满意）：应不通过的规则 bp_high，实际不通过 无' }],
      cases: [{ name: '150/95 控制满意', expected: ['bp_high'], got: [], passed: false }],
    };
    submitRefused = true;
    const router = renderAt('/qualitymanage/edit?code=gxy_bp_satisfied');
    await screen.findByDisplayValue('bp_high');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect((await screen.findByTestId('case-problem')).textContent).toBe(
      '用例 1（150/95 控制满意）：应不通过的规则 bp_high，实际不通过 无',
    );
    expect(router.state.location.pathname).toBe('/qualitymanage/edit');
    submitRefused = false;
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/qualitymanage/gxy_bp_satisfied'));
  });

  it('新增专题 starts an empty topic whose code is typed; a case whose values are not a JSON object is not sent', async () => {
    const user = userEvent.setup();
    checkAnswer = { ok: true, problems: [], cases: [] };
    renderAt('/qualitymanage/edit');
    expect(await screen.findByText('新增专题')).toBeTruthy();
    await user.type(screen.getByLabelText('专题编号'), 'my_topic');
    await user.type(screen.getByLabelText('专题名称'), '本机构专题');
    await user.type(screen.getByLabelText('规则编号 1'), 'r1');
    await user.click(screen.getByRole('button', { name: '新增用例' }));
    const values = screen.getByLabelText('记录取值（JSON） 1');
    await user.clear(values);
    await user.type(values, '{{sbp: 1');
    expect(await screen.findByText('取值须为 JSON 对象，例如 {"sbp": 150}')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /校\s*验/ }));
    expect(seen.some((c) => c.url?.endsWith('topic/check'))).toBe(false);
    await user.clear(values);
    await user.type(values, '{{"sbp": 150}');
    await user.click(screen.getByRole('button', { name: /校\s*验/ }));
    await waitFor(() => expect(seen.some((c) => c.url?.endsWith('topic/check'))).toBe(true));
    const sent = JSON.parse(seen.find((c) => c.url?.endsWith('topic/check'))!.data as string) as Record<string, unknown>;
    expect(sent).toMatchObject({ code: 'my_topic', name: '本机构专题', version: null, cases: [{ values: { sbp: 150 }, fails: [] }] });
    expect(screen.getByTestId('check-outcome').textContent).toBe('校验通过');
  });

  it('a tenant’s version offers 恢复为文件版本, which removes it', async () => {
    const user = userEvent.setup();
    detail = { ...fileDetail('sbp >= 140'), origin: 'tenant', version: 2, updateUserName: '赵敏', updateTime: '2026-11-29 10:00:00' };
    renderAt('/qualitymanage/edit?code=gxy_bp_satisfied');
    expect(await screen.findByText('本机构版本')).toBeTruthy();
    expect(screen.getByText('赵敏 于 2026-11-29 10:00:00 保存（第 2 版）')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '恢复为文件版本' }));
    const pop = await screen.findByRole('tooltip');
    await user.click(within(pop).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(seen.some((c) => c.url?.endsWith('topic/remove') && c.params?.ids === 'gxy_bp_satisfied')).toBe(true));
  });
});
