import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import type { KeyPopulationReport, WorkloadReport, WorkloadRow } from '../../api/statistics';
import { StatisticsPage } from './statistics-page';

// jsdom draws no canvas: the chart shows its option's categories and values as text instead.
vi.mock('../../components/chart-canvas', () => ({
  ChartCanvas: ({
    option,
    testId,
  }: {
    option: { xAxis: { data: string[] }; series: { name: string; data: unknown[] }[] };
    testId: string;
  }) => (
    <ul data-testid={testId}>
      {option.series.map((s) => (
        <li key={s.name}>{`${s.name}: ${option.xAxis.data.map((x, i) => `${x}=${String(s.data[i])}`).join(', ')}`}</li>
      ))}
    </ul>
  ),
}));

const row = (key: string, label: string, n: Partial<WorkloadRow>): WorkloadRow => ({
  key,
  label,
  teamName: '家庭医生一团队',
  archives: 0,
  followups: 0,
  exams: 0,
  others: 0,
  total: 0,
  byForm: {},
  ...n,
});

const workload: WorkloadReport = {
  start: '2026-01',
  end: '2026-11',
  groupBy: 'doctor',
  scope: 'tenant',
  rows: [
    row('2302', '张伟', { archives: 3, followups: 9, total: 12, byForm: { hypertensionfollowup: 6, diabetesfollowup: 3 } }),
    row('2306', '刘洋', { archives: 1, followups: 1, exams: 1, total: 3, byForm: { hypertensionfollowup: 1, physicalexamination: 1 } }),
  ],
  totals: row('total', '合计', {
    archives: 4,
    followups: 10,
    exams: 1,
    total: 15,
    byForm: { hypertensionfollowup: 7, diabetesfollowup: 3, physicalexamination: 1 },
  }),
  forms: [
    { formCode: 'diabetesfollowup', formName: '2型糖尿病患者随访服务记录表', kind: 'followup' },
    { formCode: 'hypertensionfollowup', formName: '高血压患者随访服务记录表', kind: 'followup' },
    { formCode: 'physicalexamination', formName: '健康体检表', kind: 'exam' },
  ],
};

const population: KeyPopulationReport = {
  start: '2026-01',
  end: '2026-11',
  scope: 'teams',
  rows: [
    {
      code: 'hypertension',
      name: '高血压患者',
      population: 8,
      managed: 4,
      managementRate: 50,
      standard: 1,
      standardRate: 25,
      requiredVisits: 4,
      controlled: 3,
      controlRate: 75,
      forms: ['hypertensionfollowup'],
    },
    {
      code: 'maternal',
      name: '孕产妇',
      population: null,
      managed: 2,
      managementRate: null,
      standard: null,
      standardRate: null,
      requiredVisits: null,
      controlled: null,
      controlRate: null,
      forms: [],
    },
  ],
  definitions: [{ name: '管理人群血压控制率', formula: '统计期内最近一次随访血压达标人数 ÷ 已管理的高血压患者人数 × 100%。' }],
};

const S = '/api/blade-iph-business/statisticalreport';
const { seen } = setupFakeServer(
  {
    [`${S}/workload-statistics`]: blade(workload),
    [`${S}/key-population-health-manage`]: blade(population),
    '/api/blade-system/menu/buttons': blade([{ id: '4360', code: 'statisticalreport_export', name: '导出Excel' }]),
    '/api/blade-iph-business/doctorteam/team-list': blade([{ id: '2401', name: '家庭医生一团队' }]),
  },
  { login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', user_id: '2305', account: 'cdc', real_name: '疾控' } },
);

function renderAt(path: string, lang: 'zh' | 'en' = 'zh') {
  const router = createMemoryRouter(
    [
      { path: '/statisticalreport/workloadstatistics', element: <StatisticsPage report="workload" /> },
      { path: '/statisticalreport/keypopulationhealthmanage', element: <StatisticsPage report="keyPopulation" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <UiProviders lang={lang}>
      <App>
        <RouterProvider router={router} />
      </App>
    </UiProviders>,
  );
  return router;
}

const calls = (suffix: string) => seen.filter((c) => c.url?.endsWith(suffix)).map((c) => c.params as Record<string, unknown>);

describe('StatisticsPage (/statisticalreport/)', { timeout: 30_000 }, () => {
  it('工作量统计: the server’s rows in the chart and the table, totals, form columns, grouping and export button', async () => {
    const user = userEvent.setup();
    renderAt('/statisticalreport/workloadstatistics');
    const chart = await screen.findByTestId('workload-chart');
    expect(chart.textContent).toContain('随访数: 张伟=9, 刘洋=1');
    expect(chart.textContent).toContain('建档数: 张伟=3, 刘洋=1');
    const table = screen.getByTestId('workload-table');
    expect(within(table).getAllByText('高血压患者随访服务记录表').length).toBeGreaterThan(0);
    const totals = within(table).getByTestId('workload-totals');
    expect(totals.textContent).toBe(['合计', '', '4', '10', '1', '0', '15', '3', '7', '1'].join(''));
    expect(screen.getByTestId('statistics-scope').textContent).toBe('统计范围：本机构全部居民');
    expect(screen.getByTestId('statistics-export').textContent).toBe('导出Excel');
    // The period asked for: January to this month; the grouping changes the call at once.
    const thisYear = new Date().getFullYear();
    expect(calls('workload-statistics')[0]).toMatchObject({ start: `${thisYear}-01`, groupBy: 'doctor' });
    await user.click(screen.getByText('按月份'));
    await waitFor(() => expect(calls('workload-statistics').at(-1)).toMatchObject({ groupBy: 'month' }));
  });

  it('重点人群健康管理: rates with a dash where the indicator does not apply, and the definitions on the page', async () => {
    renderAt('/statisticalreport/keypopulationhealthmanage');
    const table = await screen.findByTestId('population-table');
    const ht = within(table).getByText('高血压患者').closest('tr')!;
    expect([...ht.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '高血压患者',
      '8',
      '4',
      '50.0%',
      '1',
      '25.0%',
      '3',
      '75.0%',
    ]);
    const maternal = within(table).getByText('孕产妇').closest('tr')!;
    expect([...maternal.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['孕产妇', '—', '2', '—', '—', '—', '—', '—']);
    expect(screen.getByTestId('population-chart').textContent).toContain('控制率: 高血压患者=75, 孕产妇=null');
    expect(screen.getByTestId('indicator-definitions').textContent).toContain('管理人群血压控制率');
    expect(screen.getByTestId('statistics-scope').textContent).toBe('统计范围：本团队居民');
  });

  it('switches to the other report by its tab, and speaks English when asked', async () => {
    const user = userEvent.setup();
    const router = renderAt('/statisticalreport/workloadstatistics', 'en');
    expect((await screen.findAllByText('Archives created')).length).toBeGreaterThan(0);
    await user.click(screen.getByTestId('tab-keyPopulation'));
    expect(router.state.location.pathname).toBe('/statisticalreport/keypopulationhealthmanage');
  });
});
