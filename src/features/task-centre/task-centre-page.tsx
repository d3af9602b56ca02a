import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Badge, Button, Card, Flex, Input, Select, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import useSWR from 'swr';
import { listDoctorOptions, listDueTasks, listTeamOptions, type DueTabName, type DueTask } from '../../api/task-centre';
import { TeamDoctorSelects } from '../../components/team-doctor-selects';
import { crudDocumentNamed, CrudDocumentPage } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { taskCentreMessages } from './task-centre-messages';

const DUE_TABS: readonly DueTabName[] = ['overdue', 'soon', 'period'];
const DOCTOR_TASKS = 'doctortask';

/**
 * Where 随访 opens, told to come back here after a save: a pregnancy's form in its case's maternal
 * shell on that form's tab (the case is the one the resident's last record of the form belongs to);
 * any other form on the resident's archive page.
 */
export function followupHref(
  task: Pick<DueTask, 'archId' | 'personName' | 'formCode' | 'formName' | 'otherId' | 'caseKind'>,
  tab: string,
): string {
  const back = { name: `${task.personName}·${task.formName}`, goToSource: 'task', task_tab: tab };
  if (task.caseKind === 'maternal' && task.otherId) {
    const q = new URLSearchParams({ arch_id: task.archId, otherId: task.otherId, otherType: 'maternal', form: task.formCode, ...back });
    return `/publichealthwork/maternal/archive?${q.toString()}`;
  }
  const q = new URLSearchParams({ arch_id: task.archId, ...back });
  return `/publichealthwork/detail/${encodeURIComponent(task.formCode)}?${q.toString()}`;
}

interface Filters {
  formCode?: string;
  doctorId?: string;
  teamId?: string;
  personName?: string;
}

/** The follow-ups due (issue 34 "Work lists"): three tabs with their counts, filters, a page, and 随访 on each row. */
function DueTasks({ tab, onTab }: { tab: DueTabName; onTab: (tab: DueTabName) => void }) {
  const m = useMessages(taskCentreMessages);
  const navigate = useNavigate();
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const { data, isLoading } = useSWR(['task-centre-list', tab, paging.current, paging.size, filters], () =>
    listDueTasks({ tab, current: paging.current, size: paging.size, ...filters }),
  );
  const doctors = useSWR('task-centre-doctors', listDoctorOptions, { revalidateOnFocus: false });
  const teams = useSWR('task-centre-teams', listTeamOptions, { revalidateOnFocus: false });
  const forms = data?.forms ?? [];

  const stateTag = (t: DueTask) =>
    t.dueState === 'overdue' ? (
      <Tag color="red">{m.overdueDays(t.overdueDays)}</Tag>
    ) : t.dueState === 'soon' ? (
      <Tag color="orange">{m.dueSoon}</Tag>
    ) : (
      <Tag color="blue">{m.duePeriod}</Tag>
    );

  const columns: ColumnsType<DueTask> = [
    { title: m.name, dataIndex: 'personName', width: 100 },
    { title: m.sex, dataIndex: 'sex', width: 60, render: (v: string) => (v === '1' ? m.male : v === '2' ? m.female : v) },
    { title: m.archivesNo, dataIndex: 'archivesNo', width: 170 },
    { title: m.form, dataIndex: 'formName', ellipsis: true },
    { title: m.lastVisit, dataIndex: 'lastVisitDate', width: 110, render: (v: string | null) => v ?? m.never },
    { title: m.dueDate, dataIndex: 'dueDate', width: 110 },
    { title: m.state, key: 'state', width: 110, render: (_: unknown, t) => stateTag(t) },
    { title: m.doctor, dataIndex: 'doctorName', width: 90 },
    { title: m.team, dataIndex: 'teamName', width: 130, ellipsis: true },
    {
      title: m.actions,
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_: unknown, t) => (
        <Button type="link" size="small" data-testid={`follow-${t.archId}-${t.formCode}`} onClick={() => navigate(followupHref(t, tab))}>
          {m.followUp}
        </Button>
      ),
    },
  ];

  const apply = () => {
    setFilters({ ...draft, personName: draft.personName?.trim() || undefined });
    setPaging((p) => ({ ...p, current: 1 }));
  };
  const reset = () => {
    setDraft({});
    setFilters({});
    setPaging((p) => ({ ...p, current: 1 }));
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        <Select
          style={{ width: 220 }}
          allowClear
          placeholder={m.allForms}
          aria-label={m.form}
          value={draft.formCode}
          onChange={(formCode?: string) => setDraft((d) => ({ ...d, formCode }))}
          options={forms.map((f) => ({ value: f.formCode, label: f.formName }))}
        />
        <Input
          style={{ width: 160 }}
          allowClear
          placeholder={m.namePlaceholder}
          aria-label={m.name}
          value={draft.personName}
          onChange={(e) => setDraft((d) => ({ ...d, personName: e.target.value }))}
          onPressEnter={apply}
        />
        <TeamDoctorSelects
          teams={(teams.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          doctors={(doctors.data ?? []).map((d) => ({ value: d.id, label: d.realName }))}
          teamId={draft.teamId}
          doctorId={draft.doctorId}
          onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
          labels={m}
        />
        <Button type="primary" onClick={apply}>
          {m.search}
        </Button>
        <Button onClick={reset}>{m.reset}</Button>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          onTab(key as DueTabName);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
        items={DUE_TABS.map((key) => ({
          key,
          label: (
            <span data-testid={`due-tab-${key}`}>
              {m[key]}{' '}
              <Badge
                count={data?.counts[key] ?? 0}
                showZero
                overflowCount={9999}
                color={key === 'overdue' ? '#ff4d4f' : key === 'soon' ? '#fa8c16' : '#1677ff'}
              />
            </span>
          ),
        }))}
      />
      {data && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {m.windowHint(data.today, data.soonDays, data.periodEnd)}
        </Typography.Text>
      )}
      <Table<DueTask>
        size="small"
        rowKey={(t) => `${t.archId}:${t.formCode}`}
        loading={isLoading}
        columns={columns}
        dataSource={data?.records ?? []}
        scroll={{ x: 1100 }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => m.total(n),
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
    </Flex>
  );
}

/**
 * 任务中心 (/task/user_followup/index; issue 34 "Work lists"): 随访任务 — the follow-ups due by each
 * form's placement due rule, in the tabs 已逾期 / 即将到期 / 本期应随访 with their counts, filtered by
 * form, name, doctor and team (the server keeps a doctor to their own residents and a team leader
 * to the team's) — and 医生任务, the tasks a team leader gives (its CRUD document). ?tab= picks the
 * tab (overdue, soon, period, doctortask), so the archive page returns to it after a save.
 */
export function TaskCentrePage() {
  const m = useMessages(taskCentreMessages);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab') ?? 'overdue';
  const top = asked === DOCTOR_TASKS ? DOCTOR_TASKS : 'followup';
  const dueTab: DueTabName = (DUE_TABS as readonly string[]).includes(asked) ? (asked as DueTabName) : 'overdue';
  const doc = useMemo(() => crudDocumentNamed(DOCTOR_TASKS), []);
  const setTab = (tab: string) => setSearch({ tab }, { replace: true });

  return (
    <Card size="small" style={{ margin: 12 }} styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        activeKey={top}
        onChange={(key) => setTab(key === DOCTOR_TASKS ? DOCTOR_TASKS : dueTab)}
        items={[
          { key: 'followup', label: m.followupTasks, children: <DueTasks tab={dueTab} onTab={setTab} /> },
          {
            key: DOCTOR_TASKS,
            label: m.doctorTasks,
            children: doc ? <CrudDocumentPage document={doc} /> : <Typography.Text type="danger">{m.noDocument}</Typography.Text>,
          },
        ]}
      />
    </Card>
  );
}
