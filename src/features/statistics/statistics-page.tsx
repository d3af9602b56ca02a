// 统计报表 (/statisticalreport/; issue 34 "Statistics", decision 0035): 工作量统计 and 重点人群健康管理,
// each with its filters, a chart, a table and 导出Excel. The numbers are the server's (its scope: a
// doctor their own residents, a team leader the team's, disease control the institution's).
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Button, Card, DatePicker, Flex, Segmented, Table, Tabs, Typography } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import useSWR from 'swr';
import { useButtonGrants } from '../../api/button-permissions';
import { RequestError } from '../../api/request';
import {
  exportKeyPopulation,
  exportWorkload,
  getKeyPopulation,
  getWorkload,
  type KeyPopulationReport,
  type KeyPopulationRow,
  type StatisticsParams,
  type WorkloadGroup,
  type WorkloadReport,
  type WorkloadRow,
} from '../../api/statistics';
import { listTeamOptions } from '../../api/task-centre';
import { TeamDoctorSelects } from '../../components/team-doctor-selects';
import { ChartCanvas } from '../../components/chart-canvas';
import { useMessages } from '../../shared/i18n/i18n-context';
import { statisticsMessages } from './statistics-messages';

export type StatisticsReport = 'workload' | 'keyPopulation';

export const STATISTICS_PATHS: Record<StatisticsReport, string> = {
  workload: '/statisticalreport/workloadstatistics',
  keyPopulation: '/statisticalreport/keypopulationhealthmanage',
};
const EXPORT_BUTTON = 'statisticalreport_export';
const MONTH = 'YYYY-MM';

type Messages = (typeof statisticsMessages)['zh'];

interface Filters {
  months: [Dayjs, Dayjs];
  teamId?: string;
  doctorId?: string;
  groupBy: WorkloadGroup;
}

/** This year from January to the current month (the server's default too). */
const defaultFilters = (): Filters => ({ months: [dayjs().startOf('year'), dayjs().startOf('month')], groupBy: 'doctor' });

const paramsOf = (f: Filters, report: StatisticsReport): StatisticsParams => ({
  start: f.months[0].format(MONTH),
  end: f.months[1].format(MONTH),
  teamId: f.teamId,
  doctorId: f.doctorId,
  ...(report === 'workload' && { groupBy: f.groupBy }),
});

const percent = (v: number | null, m: Messages) => (v === null ? m.none : `${v.toFixed(1)}%`);
const count = (v: number | null, m: Messages) => (v === null ? m.none : v);

function scopeText(scope: 'tenant' | 'teams' | 'doctor', m: Messages): string {
  return scope === 'tenant' ? m.scopeTenant : scope === 'teams' ? m.scopeTeams : m.scopeDoctor;
}

/** The bars of 工作量统计: per row, 建档 / 随访 / 体检 / 其他 stacked. */
export function workloadChartOption(report: WorkloadReport, m: Messages) {
  const labels = report.rows.map((r) => r.label);
  const series = (['archives', 'followups', 'exams', 'others'] as const).map((key) => ({
    name: m[key],
    type: 'bar',
    stack: 'work',
    barMaxWidth: 36,
    data: report.rows.map((r) => r[key]),
  }));
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 48, right: 24, top: 36, bottom: 48 },
    xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, rotate: labels.length > 8 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series,
  };
}

/** The bars of 重点人群健康管理: the three rates per population (a missing rate is no bar). */
export function populationChartOption(report: KeyPopulationReport, m: Messages) {
  const rates = (['managementRate', 'standardRate', 'controlRate'] as const).map((key) => ({
    name: m[key],
    type: 'bar',
    barMaxWidth: 28,
    data: report.rows.map((r) => r[key]),
  }));
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v}%` : m.none),
    },
    legend: { top: 0 },
    grid: { left: 48, right: 24, top: 36, bottom: 36 },
    xAxis: { type: 'category', data: report.rows.map((r) => r.name), axisLabel: { interval: 0 } },
    yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
    series: rates,
  };
}

function WorkloadView({ report, m }: { report: WorkloadReport; m: Messages }) {
  const option = useMemo(() => workloadChartOption(report, m), [report, m]);
  const first: ColumnType<WorkloadRow> = {
    title: report.groupBy === 'month' ? m.month : report.groupBy === 'team' ? m.team : m.doctor,
    dataIndex: 'label',
    width: 120,
    fixed: 'left',
    render: (v: string) => (v === '未分配' ? m.unassigned : v),
  };
  const number = (key: 'archives' | 'followups' | 'exams' | 'others' | 'total', title: string): ColumnType<WorkloadRow> => ({
    title,
    dataIndex: key,
    width: 90,
    align: 'right',
  });
  const formColumns = report.forms.map((f): ColumnType<WorkloadRow> => ({
    title: f.formName,
    key: f.formCode,
    width: 120,
    align: 'right',
    ellipsis: true,
    render: (_: unknown, r) => r.byForm[f.formCode] ?? 0,
  }));
  const columns: ColumnsType<WorkloadRow> = [
    first,
    ...(report.groupBy === 'doctor' ? [{ title: m.team, dataIndex: 'teamName', width: 140, ellipsis: true }] : []),
    number('archives', m.archives),
    number('followups', m.followups),
    number('exams', m.exams),
    number('others', m.others),
    number('total', m.total),
    ...(formColumns.length ? [{ title: m.byForm, children: formColumns }] : []),
  ];
  const leaves = 2 + (report.groupBy === 'doctor' ? 1 : 0) + 4 + formColumns.length;
  const totals = report.totals;
  return (
    <Flex vertical gap={12}>
      {report.rows.length > 0 ? (
        <ChartCanvas option={option} testId="workload-chart" height={300} />
      ) : (
        <Typography.Text type="secondary">{m.empty}</Typography.Text>
      )}
      <Table<WorkloadRow>
        data-testid="workload-table"
        rowKey="key"
        size="small"
        bordered
        columns={columns}
        dataSource={report.rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        summary={() =>
          report.rows.length > 0 ? (
            <Table.Summary.Row data-testid="workload-totals">
              <Table.Summary.Cell index={0}>{m.total}</Table.Summary.Cell>
              {report.groupBy === 'doctor' && <Table.Summary.Cell index={1} />}
              {(['archives', 'followups', 'exams', 'others', 'total'] as const).map((key, i) => (
                <Table.Summary.Cell key={key} index={i + 2} align="right">
                  {totals[key]}
                </Table.Summary.Cell>
              ))}
              {report.forms.map((f, i) => (
                <Table.Summary.Cell key={f.formCode} index={leaves - formColumns.length + i} align="right">
                  {totals.byForm[f.formCode] ?? 0}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </Flex>
  );
}

function KeyPopulationView({ report, m }: { report: KeyPopulationReport; m: Messages }) {
  const option = useMemo(() => populationChartOption(report, m), [report, m]);
  const columns: ColumnsType<KeyPopulationRow> = [
    { title: m.population, dataIndex: 'name', width: 150 },
    { title: m.populationCount, dataIndex: 'population', width: 100, align: 'right', render: (v: number | null) => count(v, m) },
    { title: m.managed, dataIndex: 'managed', width: 100, align: 'right' },
    { title: m.managementRate, dataIndex: 'managementRate', width: 100, align: 'right', render: (v: number | null) => percent(v, m) },
    { title: m.standard, dataIndex: 'standard', width: 110, align: 'right', render: (v: number | null) => count(v, m) },
    { title: m.standardRate, dataIndex: 'standardRate', width: 110, align: 'right', render: (v: number | null) => percent(v, m) },
    { title: m.controlled, dataIndex: 'controlled', width: 110, align: 'right', render: (v: number | null) => count(v, m) },
    { title: m.controlRate, dataIndex: 'controlRate', width: 100, align: 'right', render: (v: number | null) => percent(v, m) },
  ];
  return (
    <Flex vertical gap={12}>
      <ChartCanvas option={option} testId="population-chart" height={280} />
      <Table<KeyPopulationRow>
        data-testid="population-table"
        rowKey="code"
        size="small"
        bordered
        columns={columns}
        dataSource={report.rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <Card size="small" title={m.definitions} data-testid="indicator-definitions">
        <Flex vertical gap={6}>
          {report.definitions.map((d) => (
            <Typography.Text key={d.name} style={{ fontSize: 13 }}>
              <Typography.Text strong>{d.name}</Typography.Text>：{d.formula}
            </Typography.Text>
          ))}
        </Flex>
      </Card>
    </Flex>
  );
}

/** 工作量统计 or 重点人群健康管理, under one page with a tab for each (each tab its own route). */
export function StatisticsPage({ report }: { report: StatisticsReport }) {
  const m = useMessages(statisticsMessages);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { grants } = useButtonGrants();
  const [draft, setDraft] = useState<Filters>(defaultFilters);
  const [filters, setFilters] = useState<Filters>(defaultFilters);
  const [exporting, setExporting] = useState(false);
  const params = paramsOf(filters, report);
  const workload = useSWR(report === 'workload' ? ['statistics-workload', params] : null, () => getWorkload(params));
  const population = useSWR(report === 'keyPopulation' ? ['statistics-population', params] : null, () => getKeyPopulation(params));
  // The doctor filter offers the responsible doctors of the caller's residents in the period: the
  // workload per doctor, unfiltered (disease control may not list the institution's users).
  const doctorParams: StatisticsParams = { start: params.start, end: params.end, groupBy: 'doctor' };
  const doctors = useSWR(['statistics-workload', doctorParams], () => getWorkload(doctorParams), { revalidateOnFocus: false });
  const teams = useSWR('statistics-teams', listTeamOptions, { revalidateOnFocus: false });

  const doctorOptions = useMemo(
    () => (doctors.data?.rows ?? []).filter((r) => r.key !== '').map((r) => ({ value: r.key, label: r.label })),
    [doctors.data],
  );

  const scope = (report === 'workload' ? workload.data?.scope : population.data?.scope) ?? undefined;
  const loading = report === 'workload' ? workload.isLoading : population.isLoading;

  const apply = () => setFilters({ ...draft });
  const reset = () => {
    setDraft(defaultFilters());
    setFilters(defaultFilters());
  };
  const doExport = async () => {
    setExporting(true);
    try {
      await (report === 'workload' ? exportWorkload(params) : exportKeyPopulation(params));
    } catch (error) {
      void message.error(error instanceof RequestError && error.message ? error.message : m.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card variant="borderless" styles={{ body: { padding: '8px 16px 16px' } }}>
      <Tabs
        activeKey={report}
        onChange={(key) => navigate(STATISTICS_PATHS[key as StatisticsReport])}
        items={[
          { key: 'workload', label: <span data-testid="tab-workload">{m.workload}</span> },
          { key: 'keyPopulation', label: <span data-testid="tab-keyPopulation">{m.keyPopulation}</span> },
        ]}
      />
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          <Typography.Text>{m.period}</Typography.Text>
          <DatePicker.RangePicker
            picker="month"
            allowClear={false}
            value={draft.months}
            placeholder={[m.startMonth, m.endMonth]}
            onChange={(v) => {
              if (v?.[0] && v[1]) setDraft((d) => ({ ...d, months: [v[0]!, v[1]!] }));
            }}
            data-testid="statistics-months"
          />
          <TeamDoctorSelects
            teams={(teams.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            doctors={doctorOptions}
            teamId={draft.teamId}
            doctorId={draft.doctorId}
            onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
            labels={m}
          />
          {report === 'workload' && (
            <Segmented<WorkloadGroup>
              aria-label={m.groupBy}
              value={draft.groupBy}
              onChange={(groupBy) => {
                setDraft((d) => ({ ...d, groupBy }));
                setFilters((f) => ({ ...f, groupBy }));
              }}
              options={[
                { value: 'doctor', label: m.byDoctor },
                { value: 'team', label: m.byTeam },
                { value: 'month', label: m.byMonth },
              ]}
            />
          )}
          <Button type="primary" onClick={apply}>
            {m.search}
          </Button>
          <Button onClick={reset}>{m.reset}</Button>
          {grants[EXPORT_BUTTON] && (
            <Button onClick={() => void doExport()} loading={exporting} data-testid="statistics-export">
              {m.export}
            </Button>
          )}
        </Flex>
        {scope && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="statistics-scope">
            {scopeText(scope, m)}
          </Typography.Text>
        )}
        {loading && <Table loading columns={[]} dataSource={[]} />}
        {report === 'workload' && workload.data && <WorkloadView report={workload.data} m={m} />}
        {report === 'keyPopulation' && population.data && <KeyPopulationView report={population.data} m={m} />}
      </Flex>
    </Card>
  );
}
