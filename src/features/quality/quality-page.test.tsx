import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import type { QualityRun, QualityTopic } from '../../api/quality';
import { QualityPage } from './quality-page';

const run = (over: Partial<QualityRun> = {}): QualityRun => ({
  id: '900',
  topicCode: 'gxy_bp_satisfied',
  status: 2,
  statusText: '已完成',
  progress: 100,
  total: 120,
  checked: 120,
  failedRecords: 3,
  failures: 3,
  doctorId: null,
  teamId: null,
  dateFrom: null,
  dateTo: null,
  errorMsg: '',
  createUserName: '王强',
  createTime: '2026-11-29 09:00:00',
  finishTime: '2026-11-29 09:00:05',
  formVersion: 1,
  skippedRules: [],
  ...over,
});

const topic = (over: Partial<QualityTopic>): QualityTopic => ({
  code: 'gxy_bp_satisfied',
  name: '高血压随访：血压未达标评为控制满意',
  qualityType: 'hypertension',
  qualityTypeName: '高血压',
  queryType: 'logic',
  queryTypeName: '逻辑性',
  formCode: 'hypertensionfollowup',
  source: '国家基本公共卫生服务规范（第三版）',
  rules: [
    {
      id: 'bp_high_but_satisfied',
      when: 'followupClass == "1" and (sbp >= 140 or dbp >= 90)',
      message: '血压≥140/90mmHg，此次随访分类不应为“控制满意”',
    },
  ],
  lastRun: run(),
  applicable: true,
  notice: '',
  ...over,
});

const TOPICS = [
  topic({}),
  topic({
    code: 'tnb_completeness',
    name: '糖尿病随访：必填项缺项',
    qualityType: 'diabetes',
    qualityTypeName: '糖尿病',
    queryType: 'completeness',
    queryTypeName: '完整性',
    lastRun: null,
  }),
  topic({
    code: 'tj_bp_order',
    name: '健康体检：收缩压不高于舒张压',
    qualityType: 'exam',
    qualityTypeName: '健康体检',
    applicable: false,
    notice:
      '不适用：表单 physicalexam 当前发布版本 v3中缺少规则引用的字段（规则引用了不存在的字段）：规则 bp_order（…）引用了不存在的字段：sbpLeft',
    lastRun: run({
      id: '902',
      topicCode: 'tj_bp_order',
      status: 4,
      statusText: '不适用',
      total: 0,
      checked: 0,
      failedRecords: 0,
      errorMsg: '不适用：表单 physicalexam 当前发布版本 v3中缺少规则引用的字段',
    }),
  }),
];

// The second run-detail answer is the finished run: the first one shows the bar under way.
let runDetailCalls = 0;
const { seen } = setupFakeServer(
  (config) => {
    const url = config.url ?? '';
    if (url.endsWith('menu/buttons')) return blade([{ id: '4350', code: 'qualitymanage_run', name: '开始质控' }]);
    if (url.endsWith('quality-manage/list')) return blade({ records: TOPICS, total: 3, size: 200, current: 1, pages: 1 });
    if (url.endsWith('quality-manage/run'))
      return blade(run({ id: '901', status: 0, statusText: '排队中', progress: 0, checked: 0, total: 0 }));
    if (url.endsWith('quality-manage/run-detail')) {
      runDetailCalls++;
      return blade(
        runDetailCalls === 1
          ? run({ id: '901', status: 1, statusText: '进行中', progress: 40, checked: 48 })
          : run({ id: '901', failedRecords: 4 }),
      );
    }
    if (url.includes('quality-manage/list/gxy_bp_satisfied'))
      return blade({
        topic: TOPICS[0],
        run: run(),
        records: [
          {
            id: '1',
            recordId: '77',
            archId: '100001000000013',
            otherId: null,
            formCode: 'hypertensionfollowup',
            sourceKind: 'record',
            personName: '李秀英',
            doctorId: '2302',
            doctorName: '张伟',
            teamName: '家庭医生一团队',
            visitDate: '2026-05-20',
            ruleId: 'bp_high_but_satisfied',
            message: '血压≥140/90mmHg，此次随访分类不应为“控制满意”',
            values: [
              { field: 'followupClass', label: '此次随访分类', value: '1', text: '控制满意' },
              { field: 'sbp', label: '收缩压', value: 150 },
              { field: 'dbp', label: '舒张压', value: 95 },
            ],
          },
        ],
        total: 1,
        size: 20,
        current: 1,
        pages: 1,
      });
    if (url.endsWith('listDoctor') || url.endsWith('team-list')) return blade([]);
    return undefined;
  },
  { login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', user_id: '2304', account: 'leader', real_name: '王强' } },
);

function renderAt(path: string, lang: 'zh' | 'en' = 'zh') {
  const router = createMemoryRouter(
    [
      { path: '/qualitymanage/*', element: <QualityPage /> },
      { path: '/publichealthwork/detail/*', element: <p>record page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <UiProviders lang={lang}>
      <RouterProvider router={router} />
    </UiProviders>,
  );
  return router;
}

describe('QualityPage (/qualitymanage/)', { timeout: 30_000 }, () => {
  it('marks a topic the tenant’s form cannot carry 不适用, with the reason on its last run', async () => {
    renderAt('/qualitymanage/index');
    expect(await screen.findByText('健康体检：收缩压不高于舒张压')).toBeTruthy();
    const row = screen.getByText('健康体检：收缩压不高于舒张压').closest('tr')!;
    expect(within(row).getByText('不适用')).toBeTruthy();
    expect(within(row).getByText('未执行：不适用：表单 physicalexam 当前发布版本 v3中缺少规则引用的字段')).toBeTruthy();
  });

  it('lists the topics grouped by their group with the last run, and 开始质控 starts a run of the topic', async () => {
    const user = userEvent.setup();
    renderAt('/qualitymanage/index');
    const htn = await screen.findByText('高血压随访：血压未达标评为控制满意');
    const group = htn.closest('[data-group]') as HTMLElement;
    expect(group.getAttribute('data-group')).toBe('hypertension');
    expect(within(group).getByText('3 条有问题 / 共检查 120 条')).toBeTruthy();
    // Without 编辑专题 (4430) neither the editor nor a new topic is offered.
    expect(within(group).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增专题' })).toBeNull();
    const diabetes = (await screen.findByText('糖尿病随访：必填项缺项')).closest('[data-group]') as HTMLElement;
    expect(within(diabetes).getByText('尚未质控')).toBeTruthy();
    await user.click(within(diabetes).getByRole('button', { name: '开始质控' }));
    await waitFor(() =>
      expect(seen.some((c) => c.url?.endsWith('quality-manage/run') && (c.data as string).includes('tnb_completeness'))).toBe(true),
    );
  });

  it('shows a topic’s failing records with the rule and the values, and opens the record', async () => {
    const user = userEvent.setup();
    const router = renderAt('/qualitymanage/gxy_bp_satisfied');
    expect(await screen.findByText('李秀英')).toBeTruthy();
    expect(screen.getByText('收缩压：150')).toBeTruthy();
    expect(screen.getByText('舒张压：95')).toBeTruthy();
    expect(screen.getByText('此次随访分类：控制满意')).toBeTruthy();
    expect(screen.getByText('王强 于 2026-11-29 09:00:00 质控：检查 120 条，3 条有问题')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '查看记录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/publichealthwork/detail/hypertensionfollowup'));
    const q = new URLSearchParams(router.state.location.search);
    expect(q.get('arch_id')).toBe('100001000000013');
    expect(q.get('name')).toBe('李秀英·高血压随访');
    expect(q.get('record_id')).toBe('77');
  });

  it('a run started on the topic’s page shows its progress until it is done', async () => {
    const user = userEvent.setup();
    runDetailCalls = 0;
    renderAt('/qualitymanage/gxy_bp_satisfied');
    await screen.findByText('李秀英');
    await user.click(screen.getByRole('button', { name: '开始质控' }));
    expect(await screen.findByText('已检查 48 / 120 条')).toBeTruthy();
    expect(await screen.findByText('4 条有问题 / 共检查 120 条', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('speaks English when switched', async () => {
    renderAt('/qualitymanage/index', 'en');
    await screen.findByText('高血压随访：血压未达标评为控制满意');
    expect(screen.getAllByRole('button', { name: 'Run check' }).length).toBe(3);
    expect(screen.getByText('3 failing / 120 checked')).toBeTruthy();
  });
});
