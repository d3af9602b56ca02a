import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { App, Alert, Button, Card, DatePicker, Flex, Input, Progress, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import useSWR from 'swr';
import {
  getQualityRun,
  listQualityFailures,
  listQualityTopics,
  startQualityRun,
  type QualityFailure,
  type QualityRun,
  type QualityTopic,
} from '../../api/quality';
import { listDoctorOptions, listTeamOptions } from '../../api/task-centre';
import { useButtonGrants } from '../../api/button-permissions';
import { useMessages } from '../../shared/i18n/i18n-context';
import { qualityMessages } from './quality-messages';
import { TopicEditor } from './topic-editor';

export const QUALITY_INDEX = '/qualitymanage/index';
const RUN_BUTTON = 'qualitymanage_run';
/** 编辑专题 (4430, decision 0042): the topic editor. */
const EDIT_BUTTON = 'qualitymanage_edit';
/** The topic editor's page: `?code=` a topic, none a new one. */
const editHref = (code?: string) => (code ? `/qualitymanage/edit?code=${encodeURIComponent(code)}` : '/qualitymanage/edit');
/** How often a queued or running run is read again. */
const POLL_MS = 1000;
const KIND_COLOR: Record<string, string> = { completeness: 'blue', logic: 'volcano', timeliness: 'gold' };
const isRunning = (run: QualityRun | null | undefined) => !!run && (run.status === 0 || run.status === 1);

/** Where 查看记录 opens: the resident's archive page on the record's form with the record open (the archive's own page for an archive topic). */
export function recordHref(
  f: Pick<QualityFailure, 'archId' | 'personName' | 'formCode' | 'sourceKind' | 'recordId'>,
  formName: string,
): string {
  const page = f.sourceKind === 'archive' ? 'healtharchive' : f.formCode;
  const q = new URLSearchParams({ arch_id: f.archId, name: `${f.personName}·${formName}` });
  if (f.sourceKind !== 'archive') q.set('record_id', f.recordId);
  return `/publichealthwork/detail/${encodeURIComponent(page)}?${q.toString()}`;
}

const valueText = (v: unknown) => (v === null || v === undefined || v === '' ? '（空）' : Array.isArray(v) ? v.join('、') : String(v));

function RunProgress({ run }: { run: QualityRun }) {
  const m = useMessages(qualityMessages);
  return (
    <Flex vertical gap={2} style={{ minWidth: 200 }}>
      <Progress
        percent={run.progress}
        size="small"
        status={run.status === 3 ? 'exception' : run.status === 2 ? 'success' : run.status === 4 ? 'normal' : 'active'}
        aria-label={m.progress(run.checked, run.total)}
      />
      <Typography.Text type={run.status === 4 ? 'warning' : 'secondary'} style={{ fontSize: 12 }}>
        {run.status === 2
          ? m.failed(run.failedRecords, run.checked)
          : run.status === 3
            ? m.runFailed(run.errorMsg)
            : run.status === 4
              ? m.runNotApplicable(run.errorMsg)
              : m.progress(run.checked, run.total)}
      </Typography.Text>
      {run.status === 2 && run.skippedRules.length > 0 && (
        <Tooltip title={run.skippedRules.map((r) => r.text).join('；')}>
          <Typography.Text type="warning" style={{ fontSize: 12 }}>
            {m.rulesLeftOut(run.skippedRules.length)}
          </Typography.Text>
        </Tooltip>
      )}
    </Flex>
  );
}

/** /qualitymanage/index: the topics grouped by their group, each with its last run and 开始质控. */
function TopicList() {
  const m = useMessages(qualityMessages);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { grants } = useButtonGrants();
  const [qualityType, setQualityType] = useState<string>();
  const [queryType, setQueryType] = useState<string>();
  const { data, mutate, isLoading } = useSWR(['quality-topics', qualityType, queryType], () =>
    listQualityTopics({ current: 1, size: 200, quality_type: qualityType, query_type: queryType }),
  );
  const topics = useMemo(() => data?.records ?? [], [data]);
  const busy = topics.some((t) => isRunning(t.lastRun));
  // While a run works, the list is read again every second (its progress bar).
  useSWR(busy ? ['quality-topics-poll', qualityType, queryType] : null, () => mutate(), { refreshInterval: POLL_MS });
  const groups = useMemo(() => {
    const byGroup = new Map<string, { name: string; topics: QualityTopic[] }>();
    for (const t of topics) {
      const g = byGroup.get(t.qualityType) ?? { name: t.qualityTypeName, topics: [] };
      g.topics.push(t);
      byGroup.set(t.qualityType, g);
    }
    return [...byGroup.entries()];
  }, [topics]);
  const allGroups = useSWR('quality-topic-groups', () => listQualityTopics({ current: 1, size: 200 })).data?.records ?? [];
  const groupOptions = [...new Map(allGroups.map((t) => [t.qualityType, t.qualityTypeName])).entries()].map(([value, label]) => ({
    value,
    label,
  }));
  const kindOptions = [...new Map(allGroups.map((t) => [t.queryType, t.queryTypeName])).entries()].map(([value, label]) => ({
    value,
    label,
  }));

  const run = async (topic: QualityTopic) => {
    await startQualityRun({ code: topic.code });
    void message.success(m.runStarted);
    await mutate();
  };

  const columns: ColumnsType<QualityTopic> = [
    {
      title: m.topic,
      dataIndex: 'name',
      render: (name: string, t) => (
        <Space size={4} wrap>
          <Link to={`/qualitymanage/${t.code}`}>{name}</Link>
          {/* The institution's own version (decision 0042), not the file's. */}
          {t.origin === 'tenant' && <Tag color="blue">{m.ownVersion}</Tag>}
          {/* Against the tenant's published form: no rule can run, or some are left out (decision 0041). */}
          {t.notice && (
            <Tooltip title={t.notice}>
              <Tag color={t.applicable ? 'warning' : 'default'}>{t.applicable ? m.someRulesLeftOut : m.notApplicable}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: m.kind,
      dataIndex: 'queryTypeName',
      width: 90,
      render: (text: string, t) => <Tag color={KIND_COLOR[t.queryType]}>{text}</Tag>,
    },
    { title: m.rules, width: 70, align: 'center', render: (_, t) => t.rules.length },
    {
      title: m.lastRun,
      width: 260,
      render: (_, t) => (t.lastRun ? <RunProgress run={t.lastRun} /> : <Typography.Text type="secondary">{m.notRun}</Typography.Text>),
    },
    {
      title: m.actions,
      width: 250,
      render: (_, t) => (
        <Space>
          <Button size="small" onClick={() => navigate(`/qualitymanage/${t.code}`)}>
            {m.view}
          </Button>
          {grants[EDIT_BUTTON] && (
            <Button size="small" onClick={() => navigate(editHref(t.code))}>
              {m.edit}
            </Button>
          )}
          {grants[RUN_BUTTON] && (
            <Button size="small" type="primary" disabled={isRunning(t.lastRun)} onClick={() => void run(t)}>
              {m.run}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex gap={12} align="center" wrap>
          <Select
            allowClear
            placeholder={m.allTypes}
            style={{ width: 160 }}
            options={groupOptions}
            value={qualityType}
            onChange={setQualityType}
          />
          <Select
            allowClear
            placeholder={m.allKinds}
            style={{ width: 140 }}
            options={kindOptions}
            value={queryType}
            onChange={setQueryType}
          />
          <Typography.Text type="secondary" style={{ flex: 1, minWidth: 300 }}>
            {m.intro}
          </Typography.Text>
          {grants[EDIT_BUTTON] && (
            <Button type="primary" onClick={() => navigate(editHref())}>
              {m.newTopic}
            </Button>
          )}
        </Flex>
      </Card>
      {groups.map(([code, g]) => (
        <Card key={code} size="small" title={g.name} data-group={code}>
          <Table rowKey="code" size="small" pagination={false} loading={isLoading} columns={columns} dataSource={g.topics} />
        </Card>
      ))}
    </Flex>
  );
}

/** /qualitymanage/:code: one topic's rules, a run for a doctor, team or period, and its failing records. */
function TopicFailures({ code }: { code: string }) {
  const m = useMessages(qualityMessages);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { grants } = useButtonGrants();
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(20);
  const [ruleId, setRuleId] = useState<string>();
  const [personName, setPersonName] = useState('');
  const [searchName, setSearchName] = useState('');
  const [doctorId, setDoctorId] = useState<string>();
  const [teamId, setTeamId] = useState<string>();
  const [period, setPeriod] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [runId, setRunId] = useState<string>();

  const page = useSWR(['quality-failures', code, current, size, ruleId, searchName], () =>
    listQualityFailures(code, { current, size, ruleId, personName: searchName }),
  );
  const topic = page.data?.topic;
  const run = useSWR(runId ? ['quality-run', runId] : null, ([, id]) => getQualityRun(id), {
    refreshInterval: (latest) => (isRunning(latest) ? POLL_MS : 0),
    onSuccess: (latest) => {
      if (!isRunning(latest)) {
        setRunId(undefined);
        void page.mutate();
      }
    },
  });
  const shownRun = run.data ?? page.data?.run ?? null;
  const doctors = useSWR('quality-doctors', listDoctorOptions).data ?? [];
  const teams = useSWR('quality-teams', listTeamOptions).data ?? [];

  const start = async () => {
    const started = await startQualityRun({
      code,
      doctorId,
      teamId,
      dateFrom: period?.[0]?.format('YYYY-MM-DD'),
      dateTo: period?.[1]?.format('YYYY-MM-DD'),
    });
    void message.success(m.runStarted);
    setCurrent(1);
    setRunId(started.id);
  };

  const formName = topic ? (topic.name.split('：')[0] ?? topic.name) : '';
  const columns: ColumnsType<QualityFailure> = [
    { title: m.name, dataIndex: 'personName', width: 110 },
    { title: m.visitDate, dataIndex: 'visitDate', width: 110, render: (d: string | null) => d ?? '—' },
    { title: m.doctor, dataIndex: 'doctorName', width: 100 },
    { title: m.team, dataIndex: 'teamName', width: 140, ellipsis: true },
    { title: m.rule, dataIndex: 'message', render: (text: string) => <Typography.Text type="danger">{text}</Typography.Text> },
    {
      title: m.values,
      dataIndex: 'values',
      render: (values: QualityFailure['values']) => (
        <Flex gap={4} wrap>
          {values.map((v) => (
            <Tag key={v.field}>
              {v.label}：{v.text ?? valueText(v.value)}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: m.actions,
      width: 100,
      render: (_, f) => (
        <Button size="small" type="link" onClick={() => navigate(recordHref(f, formName))}>
          {m.open}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Card
        size="small"
        title={topic?.name ?? code}
        extra={
          <Space>
            {grants[EDIT_BUTTON] && (
              <Button size="small" onClick={() => navigate(editHref(code))}>
                {m.edit}
              </Button>
            )}
            <Button size="small" onClick={() => navigate(QUALITY_INDEX)}>
              {m.back}
            </Button>
          </Space>
        }
      >
        <Flex vertical gap={8}>
          {topic && (
            <Flex gap={8} wrap align="center">
              <Tag>{topic.qualityTypeName}</Tag>
              <Tag color={KIND_COLOR[topic.queryType]}>{topic.queryTypeName}</Tag>
              {topic.source && (
                <Typography.Text type="secondary">
                  {m.basis}：{topic.source}
                </Typography.Text>
              )}
            </Flex>
          )}
          {topic?.notice && <Alert type={topic.applicable ? 'warning' : 'info'} showIcon message={topic.notice} />}
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {topic?.rules.map((r) => (
              <li key={r.id}>
                {r.message} <Typography.Text code>{r.when}</Typography.Text>
              </li>
            ))}
          </ul>
          {grants[RUN_BUTTON] && (
            <Flex gap={8} wrap align="center">
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={m.allDoctors}
                style={{ width: 140 }}
                value={doctorId}
                onChange={setDoctorId}
                options={doctors.map((d) => ({ value: d.id, label: d.realName }))}
              />
              <Select
                allowClear
                placeholder={m.allTeams}
                style={{ width: 160 }}
                value={teamId}
                onChange={setTeamId}
                options={teams.map((t) => ({ value: t.id, label: t.name }))}
              />
              <DatePicker.RangePicker value={period} onChange={(v) => setPeriod(v)} placeholder={[m.period, m.period]} />
              <Button type="primary" disabled={isRunning(shownRun)} onClick={() => void start()}>
                {m.run}
              </Button>
            </Flex>
          )}
          {shownRun ? (
            <Flex gap={12} align="center" wrap>
              <div style={{ width: 320 }}>
                <RunProgress run={shownRun} />
              </div>
              {shownRun.status === 2 && (
                <Typography.Text type="secondary">
                  {m.runInfo(shownRun.createUserName, shownRun.createTime, shownRun.checked, shownRun.failedRecords)}
                </Typography.Text>
              )}
            </Flex>
          ) : (
            page.data && <Alert type="info" showIcon message={m.noRun} />
          )}
        </Flex>
      </Card>
      <Card size="small">
        <Flex gap={8} style={{ marginBottom: 12 }} wrap>
          <Select
            allowClear
            placeholder={m.allRules}
            style={{ width: 260 }}
            value={ruleId}
            onChange={(v) => {
              setRuleId(v);
              setCurrent(1);
            }}
            options={topic?.rules.map((r) => ({ value: r.id, label: r.message })) ?? []}
          />
          <Input
            allowClear
            placeholder={m.namePlaceholder}
            style={{ width: 160 }}
            value={personName}
            onChange={(e) => setPersonName(e.target.value)}
            onPressEnter={() => setSearchName(personName.trim())}
          />
          <Button
            onClick={() => {
              setSearchName(personName.trim());
              setCurrent(1);
            }}
          >
            {m.search}
          </Button>
        </Flex>
        <Table
          rowKey="id"
          size="small"
          loading={page.isLoading}
          columns={columns}
          dataSource={page.data?.records ?? []}
          pagination={{
            current,
            pageSize: size,
            total: page.data?.total ?? 0,
            showTotal: m.total,
            onChange: (c, s) => {
              setCurrent(c);
              setSize(s);
            },
          }}
        />
      </Card>
    </Flex>
  );
}

/** 质量管理 (/qualitymanage/index and /qualitymanage/:code; issue 34 "Quality management"). */
export function QualityPage() {
  const { pathname, search } = useLocation();
  const code = decodeURIComponent(pathname.replace(/^\/qualitymanage\/?/, '').split('/')[0] ?? '');
  if (code === 'edit') {
    const editing = new URLSearchParams(search).get('code') ?? undefined;
    return <TopicEditor key={editing ?? 'new'} code={editing} />;
  }
  return code && code !== 'index' ? <TopicFailures key={code} code={code} /> : <TopicList />;
}
