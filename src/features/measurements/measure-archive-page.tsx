import { App, Button, Card, Empty, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { ChartCanvas } from '../../components/chart-canvas';
import { usePdfViewer } from '../../components/pdf-viewer';
import { fetchPrintFile, measureItem } from '../../api/print-templates';
import { useButtonGrants } from '../../api/button-permissions';
import {
  applyProjectsOf,
  indicatorHistory,
  listMeasures,
  removeMeasures,
  type ApplyProjectView,
  type MeasureResultView,
  type MeasureView,
} from '../../api/measurements';
import { ApplyPhysicalDialog } from './apply-physical-dialog';
import { useMessages } from '../../shared/i18n/i18n-context';
import { MeasureEntryDialog, type ResidentOfEntry } from './measure-entry-dialog';
import { measureMessages } from './measure-messages';

const TYPE_COLOURS: Readonly<Record<number, string>> = { 1: 'blue', 2: 'green', 3: 'purple' };

/** The indicators a resident's reports carry (by health-record code), for the history's picker. */
export function indicatorsOf(reports: readonly MeasureView[]): { value: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const r of reports)
    for (const x of r.results) if (x.ehr_code && !seen.has(x.ehr_code)) seen.set(x.ehr_code, x.ehr_name || x.jyzb_name);
  return [...seen].map(([value, label]) => ({ value, label }));
}

/** The history as a line over time (oldest first); a result that is not a number is left out of the line. */
export function historyOption(rows: readonly MeasureResultView[], name: string): EChartsCoreOption {
  const points = [...rows].reverse().filter((r) => r.jyzb_result !== '' && Number.isFinite(Number(r.jyzb_result)));
  return {
    grid: { left: 48, right: 24, top: 24, bottom: 32 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: points.map((p) => p.jyrq) },
    yAxis: { type: 'value', scale: true, name: points[0]?.jyzb_unit ?? '' },
    series: [{ type: 'line', name, data: points.map((p) => Number(p.jyzb_result)), label: { show: true } }],
  };
}

/**
 * The archive's 检查检验报告 page (spec 001 lines 54–55): the resident's reports newest first, 录入报告
 * opening the entry dialog, and the history of one indicator as a line and a table.
 */
export function MeasureArchivePage({ resident }: { resident: ResidentOfEntry }) {
  const m = useMessages(measureMessages);
  const { message } = App.useApp();
  const { grants } = useButtonGrants();
  const [reports, setReports] = useState<MeasureView[]>([]);
  const [loading, setLoading] = useState(true);
  const [entering, setEntering] = useState(false);
  const [indicator, setIndicator] = useState<string>();
  const [history, setHistory] = useState<MeasureResultView[]>([]);
  const [applied, setApplied] = useState<ApplyProjectView[]>([]);
  const [applying, setApplying] = useState<{ mainId?: string }>();
  const { show, viewer } = usePdfViewer();
  const { archId } = resident;

  // 查看/打印: the report as the PDF the server makes (print template measure/measurereport), in the viewer.
  const view = (id: string) => show(() => fetchPrintFile([measureItem(id)]));

  const loadApplied = useCallback(() => {
    applyProjectsOf(archId)
      .then((page) => setApplied(page.records))
      .catch(() => setApplied([]));
  }, [archId]);

  const load = useCallback(() => {
    setLoading(true);
    listMeasures({ archId, current: 1, size: 100 })
      .then((page) => setReports(page.records))
      .catch(() => setReports([]))
      .finally(() => setLoading(false));
  }, [archId]);
  useEffect(load, [load]);
  // A report saved with a label's bar code changes its project's state: read again with the reports.
  useEffect(loadApplied, [loadApplied, reports]);

  const indicators = useMemo(() => indicatorsOf(reports), [reports]);
  const chosen = indicator ?? indicators[0]?.value;
  useEffect(() => {
    if (!chosen) return setHistory([]);
    indicatorHistory(archId, chosen)
      .then(setHistory)
      .catch(() => setHistory([]));
    return undefined;
  }, [archId, chosen, reports]);
  const option = useMemo(
    () => historyOption(history, indicators.find((i) => i.value === chosen)?.label ?? ''),
    [history, indicators, chosen],
  );

  const columns = [
    { title: m.jyid, dataIndex: 'jyid', width: 150 },
    {
      title: m.projType,
      dataIndex: 'proj_type_text',
      width: 90,
      render: (t: string, r: MeasureView) => <Tag color={TYPE_COLOURS[r.proj_type]}>{t}</Tag>,
    },
    { title: m.projName, dataIndex: 'proj_name', width: 120 },
    { title: m.jyrq, dataIndex: 'jyrq', width: 110 },
    { title: m.bgrq, dataIndex: 'bgrq', width: 110 },
    {
      title: m.summary,
      dataIndex: 'results',
      render: (_: unknown, r: MeasureView) =>
        r.results.map((x) => `${x.jyzb_name} ${x.jyzb_result}${x.jyzb_unit ? ` ${x.jyzb_unit}` : ''}`).join('；') ||
        r.reports[0]?.check_result ||
        '—',
    },
    { title: m.doctor, dataIndex: 'bgys_xm', width: 90 },
    {
      title: m.actions,
      width: 150,
      render: (_: unknown, r: MeasureView) => (
        <Space size={0}>
          {grants.archive_print && (
            <Button size="small" type="link" onClick={() => view(r.id)} data-testid="measure-view">
              {m.view}
            </Button>
          )}
          {grants.usermeasure_delete && (
            <Popconfirm
              title={m.removeConfirm}
              onConfirm={async () => {
                await removeMeasures([r.id]);
                void message.success(m.removed);
                load();
              }}
            >
              <Button size="small" type="link" danger>
                {m.remove}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={m.pageTitle}
        size="small"
        extra={
          <Space>
            {grants.userapplyphysical_add && (
              <Button onClick={() => setApplying({})} data-testid="measure-apply">
                {m.applyTitle}
              </Button>
            )}
            {grants.usermeasure_add && (
              <Button type="primary" onClick={() => setEntering(true)} data-testid="measure-enter">
                {m.enter}
              </Button>
            )}
          </Space>
        }
      >
        <Table
          data-testid="measure-reports"
          size="small"
          rowKey="id"
          loading={loading}
          columns={columns}
          dataSource={reports}
          pagination={{ pageSize: 10 }}
        />
      </Card>
      <Card
        title={m.history}
        size="small"
        extra={
          <Select
            data-testid="measure-indicator"
            value={chosen}
            placeholder={m.indicatorPlaceholder}
            options={indicators}
            onChange={setIndicator}
            style={{ width: 220 }}
          />
        }
      >
        {history.length === 0 ? (
          <Empty description={m.noHistory} />
        ) : (
          <>
            <ChartCanvas option={option} testId="measure-history-chart" height={240} />
            <Table
              data-testid="measure-history"
              size="small"
              rowKey="id"
              pagination={false}
              columns={[
                { title: m.jyrq, dataIndex: 'jyrq', width: 120 },
                { title: m.jyid, dataIndex: 'jyid', width: 160 },
                {
                  title: m.value,
                  dataIndex: 'jyzb_result',
                  render: (v: string, r: MeasureResultView) => `${v}${r.jyzb_unit ? ` ${r.jyzb_unit}` : ''}`,
                },
              ]}
              dataSource={history}
            />
          </>
        )}
      </Card>
      {applied.length > 0 && (
        <Card title={m.applications} size="small">
          <Table
            data-testid="measure-applied"
            size="small"
            rowKey="id"
            pagination={{ pageSize: 5 }}
            columns={[
              { title: m.applyDate, dataIndex: 'apply_date', width: 120 },
              { title: m.projName, dataIndex: 'proj_name' },
              { title: m.barCode, dataIndex: 'bar_code', width: 200 },
              {
                title: m.status,
                dataIndex: 'status',
                width: 100,
                render: (s: string) => <Tag color={s === '1' ? 'green' : 'orange'}>{s === '1' ? m.reported : m.pending}</Tag>,
              },
              {
                title: m.actions,
                width: 80,
                render: (_: unknown, r: ApplyProjectView) => (
                  <Button size="small" type="link" onClick={() => setApplying({ mainId: r.main_id })}>
                    {m.labels}
                  </Button>
                ),
              },
            ]}
            dataSource={applied}
          />
        </Card>
      )}
      {applying && (
        <ApplyPhysicalDialog
          archId={archId}
          personName={resident.personName}
          mainId={applying.mainId}
          onClose={(done) => {
            setApplying(undefined);
            if (done) loadApplied();
          }}
        />
      )}
      {entering && (
        <MeasureEntryDialog
          open
          resident={resident}
          onClose={() => setEntering(false)}
          onSaved={(msg, overwritten) => {
            // An overwrite is said as a warning: the earlier report of that 检验单号 is gone.
            void (overwritten ? message.warning(msg) : message.success(msg));
            setEntering(false);
            load();
          }}
        />
      )}
      {viewer}
    </Space>
  );
}
