// 统计报表's rules (decision 0035): the period, which forms count as what, the key populations and
// the national indicators' definitions, the roll-up of the workload and the Excel files.
import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from '../../auth/index';
import { Refusal } from '../../domain/errors';
import { publishedForms, type PlacedForm } from '../../forms/index';
import { buildWorkbook } from '../../reports/index';
import type { ExportColumnWire as ExportColumn } from '../../../src/shared/admin-wire';
import { archiveScopeOf, archiveScopeSql } from '../../task-centre/index';
import type {
  IndicatorDefinition,
  KeyPopulationReport,
  KeyPopulationRow,
  WorkloadForm,
  WorkloadGroup,
  WorkloadKind,
  WorkloadReport,
  WorkloadRow,
} from '../../../src/shared/contract/statistics';
import {
  populationCounts,
  workloadCells,
  type ArchiveFilter,
  type MonthPeriod,
  type PopulationQuery,
  type WorkloadCell,
} from '../repositories/statistics';

/** The longest period one report covers (months). */
export const MAX_PERIOD_MONTHS = 60;

const pad = (n: number) => String(n).padStart(2, '0');
const MONTH = /^(\d{4})-(\d{2})$/;

/** The months [start, end] (yyyy-MM), defaulting to January … the current month of `today`; refused with the reason. */
export function monthPeriod(start: string | undefined, end: string | undefined, today: Date): MonthPeriod {
  const thisMonth = `${today.getFullYear()}-${pad(today.getMonth() + 1)}`;
  const from = start?.trim() || `${today.getFullYear()}-01`;
  const to = end?.trim() || thisMonth;
  for (const [name, value] of [
    ['开始月份', from],
    ['结束月份', to],
  ] as const) {
    const m = MONTH.exec(value);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 12 || Number(m[1]) < 1900)
      throw new Refusal(`${name}格式不正确，应为 yyyy-MM（如 2026-01）`);
  }
  if (to < from) throw new Refusal('结束月份不能早于开始月份');
  const months = monthsOf(from, to);
  if (months > MAX_PERIOD_MONTHS) throw new Refusal(`统计区间不能超过${MAX_PERIOD_MONTHS}个月`);
  const [ey, em] = to.split('-').map(Number) as [number, number];
  const lastDate = new Date(Date.UTC(ey, em, 0));
  const after = new Date(Date.UTC(ey, em, 1));
  return {
    start: from,
    end: to,
    firstDay: `${from}-01`,
    lastDay: `${to}-${pad(lastDate.getUTCDate())}`,
    dayAfter: `${after.getUTCFullYear()}-${pad(after.getUTCMonth() + 1)}-01`,
  };
}

/** Months in [from, to], both counted. */
export function monthsOf(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** How a form's records count in 工作量统计: by the kind its placement gives it. */
export function workloadKind(form: PlacedForm | undefined): WorkloadKind {
  const kind = form?.placement?.kind;
  if (kind === 'exam') return 'exam';
  if (kind === 'followup' || kind === 'evaluation' || kind === 'child' || kind === 'maternal') return 'followup';
  return 'other';
}

const emptyRow = (key: string, label: string): WorkloadRow => ({
  key,
  label,
  teamName: '',
  archives: 0,
  followups: 0,
  exams: 0,
  others: 0,
  total: 0,
  byForm: {},
});

const UNASSIGNED = '未分配';

/** Rolls the cells up into one row per doctor, team or month (months without work shown as zeros). */
export function rollUp(cells: WorkloadCell[], forms: readonly PlacedForm[], groupBy: WorkloadGroup, p: MonthPeriod) {
  const byCode = new Map(forms.map((f) => [f.formCode, f]));
  const rows = new Map<string, WorkloadRow & { teams: Set<string> }>();
  const totals = emptyRow('total', '合计');
  const used = new Set<string>();
  if (groupBy === 'month') {
    const [y, m] = p.start.split('-').map(Number) as [number, number];
    for (let i = 0; i < monthsOf(p.start, p.end); i++) {
      const d = new Date(Date.UTC(y, m - 1 + i, 1));
      const key = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
      rows.set(key, { ...emptyRow(key, key), teams: new Set() });
    }
  }
  for (const c of cells) {
    const key = groupBy === 'month' ? c.month : groupBy === 'team' ? c.team_id : c.doctor_id;
    const label = groupBy === 'month' ? c.month : (groupBy === 'team' ? c.team_name : c.doctor_name) || UNASSIGNED;
    let row = rows.get(key);
    if (!row) {
      row = { ...emptyRow(key, label), teams: new Set() };
      rows.set(key, row);
    }
    if (c.team_name) row.teams.add(c.team_name);
    for (const target of [row, totals]) {
      if (c.form_code === '') target.archives += c.n;
      else {
        const kind = workloadKind(byCode.get(c.form_code));
        if (kind === 'exam') target.exams += c.n;
        else if (kind === 'followup') target.followups += c.n;
        else target.others += c.n;
        target.byForm[c.form_code] = (target.byForm[c.form_code] ?? 0) + c.n;
      }
      target.total += c.n;
    }
    if (c.form_code) used.add(c.form_code);
  }
  const order = (a: WorkloadRow, b: WorkloadRow) =>
    groupBy === 'month' ? a.key.localeCompare(b.key) : b.total - a.total || a.label.localeCompare(b.label, 'zh-CN');
  const kindOrder: Record<WorkloadKind, number> = { followup: 0, exam: 1, other: 2 };
  const formList: WorkloadForm[] = [...used]
    .map((code) => ({ formCode: code, formName: byCode.get(code)?.formName ?? code, kind: workloadKind(byCode.get(code)) }))
    .sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind] || a.formCode.localeCompare(b.formCode));
  return {
    rows: [...rows.values()]
      .map(({ teams, ...r }) => ({ ...r, teamName: groupBy === 'doctor' ? [...teams].sort().join('、') : '' }))
      .sort(order),
    totals,
    forms: formList,
  };
}

export async function workloadReport(
  deps: AppDeps,
  auth: AccessClaims,
  query: { start?: string; end?: string; groupBy?: WorkloadGroup } & ArchiveFilter,
): Promise<WorkloadReport> {
  const p = monthPeriod(query.start, query.end, new Date(deps.now()));
  const scope = archiveScopeOf(auth);
  const groupBy = query.groupBy ?? 'doctor';
  const [cells, forms] = await Promise.all([
    workloadCells(deps.db, auth.tenant_id, archiveScopeSql(scope), { teamId: query.teamId, doctorId: query.doctorId }, p, groupBy),
    publishedForms(deps, auth.tenant_id),
  ]);
  return { start: p.start, end: p.end, groupBy, scope: scope.kind, ...rollUp(cells, forms, groupBy, p) };
}

// ---- 重点人群健康管理 ----

/** The key populations of the national service specification that the archive can tell (decision 0035). */
interface PopulationSpec {
  code: string;
  name: string;
  member: PopulationQuery['member'];
  /** Which published forms manage them. */
  forms: (f: PlacedForm) => boolean;
  /** 规范管理: a follow-up per quarter (at least 4 a year). */
  quarterly: boolean;
  control: { form: string; kind: 'bp' | 'glucose' } | null;
  /** Whether the archive knows the population (a maternal case is not a resident attribute). */
  hasPopulation: boolean;
}

const labelled = (label: string) => (f: PlacedForm) =>
  f.placement?.kind === 'followup' && (f.placement.appliesTo?.crowdLabels ?? []).includes(label);

export const KEY_POPULATIONS: PopulationSpec[] = [
  {
    code: 'hypertension',
    name: '高血压患者',
    member: { label: 'hypertension' },
    forms: labelled('hypertension'),
    quarterly: true,
    control: { form: 'hypertensionfollowup', kind: 'bp' },
    hasPopulation: true,
  },
  {
    code: 'diabetes',
    name: '2型糖尿病患者',
    member: { label: 'diabetes' },
    forms: labelled('diabetes'),
    quarterly: true,
    control: { form: 'diabetesfollowup', kind: 'glucose' },
    hasPopulation: true,
  },
  {
    code: 'severe_mental_illness',
    name: '严重精神障碍患者',
    member: { label: 'severe_mental_illness' },
    forms: labelled('severe_mental_illness'),
    quarterly: true,
    control: null,
    hasPopulation: true,
  },
  {
    code: 'tuberculosis',
    name: '肺结核患者',
    member: { label: 'tuberculosis' },
    forms: labelled('tuberculosis'),
    quarterly: false,
    control: null,
    hasPopulation: true,
  },
  {
    code: 'elderly',
    name: '65岁及以上老年人',
    member: { minAge: 65 },
    forms: (f) => f.placement?.kind === 'exam' || (f.placement?.kind === 'evaluation' && (f.placement.appliesTo?.minAge ?? 0) >= 65),
    quarterly: false,
    control: null,
    hasPopulation: true,
  },
  {
    code: 'children',
    name: '0～6岁儿童',
    member: { maxAge: 6 },
    forms: (f) => f.placement?.kind === 'child',
    quarterly: false,
    control: null,
    hasPopulation: true,
  },
  {
    code: 'maternal',
    name: '孕产妇',
    member: { sex: '2' },
    forms: (f) => f.placement?.kind === 'maternal',
    quarterly: false,
    control: null,
    hasPopulation: false,
  },
];

/** The definitions the page shows, after 国家基本公共卫生服务规范（第三版）. */
export const INDICATOR_DEFINITIONS: IndicatorDefinition[] = [
  {
    name: '已管理人数',
    formula: '统计期内在该人群中、且有该人群服务记录（随访、评估、体检或检查）的在档居民数。',
  },
  {
    name: '管理率',
    formula:
      '已管理人数 ÷ 在档人群数 × 100%。老年人、0～6岁儿童即规范所称健康管理率（分母为在档的65岁及以上居民、0～6岁儿童，以统计期末的年龄计）；慢病为在档患者中的管理率（规范的分母为辖区估算患病人数，本系统无此数据）。',
  },
  {
    name: '规范管理率',
    formula:
      '按照规范要求进行健康管理的人数 ÷ 已管理人数 × 100%。规范要求每年至少4次面对面随访（每季度1次）：统计期内随访次数 ≥ 统计期月数 ÷ 3（向上取整），全年即 ≥ 4 次。适用于高血压、2型糖尿病、严重精神障碍患者。',
  },
  {
    name: '管理人群血压控制率',
    formula:
      '统计期内最近一次随访血压达标人数 ÷ 已管理的高血压患者人数 × 100%。达标：收缩压 < 140 mmHg 且舒张压 < 90 mmHg；65岁及以上（以随访日计）收缩压 < 150 mmHg 且舒张压 < 90 mmHg。',
  },
  {
    name: '管理人群血糖控制率',
    formula: '统计期内最近一次随访空腹血糖达标人数 ÷ 已管理的2型糖尿病患者人数 × 100%。达标：空腹血糖 < 7.0 mmol/L。',
  },
];

/** A percentage with one decimal; null when there is nothing to divide by. */
export const rate = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

export async function keyPopulationReport(
  deps: AppDeps,
  auth: AccessClaims,
  query: { start?: string; end?: string } & ArchiveFilter,
): Promise<KeyPopulationReport> {
  const p = monthPeriod(query.start, query.end, new Date(deps.now()));
  const scope = archiveScopeOf(auth);
  const published = await publishedForms(deps, auth.tenant_id);
  const required = Math.ceil(monthsOf(p.start, p.end) / 3);
  const specs = KEY_POPULATIONS.map((s) => ({
    spec: s,
    query: {
      code: s.code,
      member: s.member,
      forms: published.filter(s.forms).map((f) => f.formCode),
      requiredVisits: s.quarterly ? required : null,
      control: s.control && published.some((f) => f.formCode === s.control!.form) ? s.control : null,
    } satisfies PopulationQuery,
  }));
  const counts = await populationCounts(
    deps.db,
    auth.tenant_id,
    archiveScopeSql(scope),
    { teamId: query.teamId, doctorId: query.doctorId },
    p,
    specs.map((s) => s.query),
  );
  const rows: KeyPopulationRow[] = specs.map(({ spec, query: q }, i) => {
    const c = counts[i]!;
    const population = spec.hasPopulation ? c.population : null;
    return {
      code: spec.code,
      name: spec.name,
      population,
      managed: c.managed,
      managementRate: population === null ? null : rate(c.managed, population),
      standard: q.requiredVisits === null ? null : c.standard,
      standardRate: q.requiredVisits === null ? null : rate(c.standard, c.managed),
      requiredVisits: q.requiredVisits,
      controlled: q.control ? c.controlled : null,
      controlRate: q.control ? rate(c.controlled, c.managed) : null,
      forms: q.forms,
    };
  });
  return { start: p.start, end: p.end, scope: scope.kind, rows, definitions: INDICATOR_DEFINITIONS };
}

// ---- Excel ----

const periodText = (r: { start: string; end: string }) => (r.start === r.end ? r.start : `${r.start} 至 ${r.end}`);
const GROUP_TITLE: Record<WorkloadGroup, string> = { doctor: '责任医生', team: '团队', month: '月份' };

export async function workloadWorkbook(report: WorkloadReport): Promise<{ name: string; content: Buffer }> {
  const formColumns = report.forms.map((f) => ({ label: f.formName, prop: `form_${f.formCode}` }));
  const columns: ExportColumn[] = [
    { label: GROUP_TITLE[report.groupBy], prop: 'label' },
    ...(report.groupBy === 'doctor' ? [{ label: '团队', prop: 'teamName' }] : []),
    { label: '建档数', prop: 'archives' },
    { label: '随访数', prop: 'followups' },
    { label: '体检数', prop: 'exams' },
    { label: '其他服务', prop: 'others' },
    { label: '合计', prop: 'total' },
    ...(formColumns.length ? [{ label: '按表单', prop: '', colspan: formColumns.length }, ...formColumns] : []),
  ];
  const flat = (r: WorkloadRow) => ({
    ...r,
    ...Object.fromEntries(report.forms.map((f) => [`form_${f.formCode}`, r.byForm[f.formCode] ?? 0])),
  });
  const title = `工作量统计（${periodText(report)}）`;
  const content = await buildWorkbook({
    sheetName: '工作量统计',
    titleName: title,
    columns,
    rows: [...report.rows, report.totals].map(flat),
  });
  return { name: `${title}.xlsx`, content };
}

const percent = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)}%`);
const countText = (v: number | null) => (v === null ? '—' : v);

export async function keyPopulationWorkbook(report: KeyPopulationReport): Promise<{ name: string; content: Buffer }> {
  const columns: ExportColumn[] = [
    { label: '重点人群', prop: 'name' },
    { label: '在档人数', prop: 'population' },
    { label: '已管理人数', prop: 'managed' },
    { label: '管理率', prop: 'managementRate' },
    { label: '规范管理人数', prop: 'standard' },
    { label: '规范管理率', prop: 'standardRate' },
    { label: '控制达标人数', prop: 'controlled' },
    { label: '控制率', prop: 'controlRate' },
  ];
  const title = `重点人群健康管理（${periodText(report)}）`;
  const content = await buildWorkbook({
    sheetName: '重点人群健康管理',
    titleName: title,
    columns,
    rows: report.rows.map((r) => ({
      name: r.name,
      population: countText(r.population),
      managed: r.managed,
      managementRate: percent(r.managementRate),
      standard: countText(r.standard),
      standardRate: percent(r.standardRate),
      controlled: countText(r.controlled),
      controlRate: percent(r.controlRate),
    })),
    note: INDICATOR_DEFINITIONS.map((d) => `${d.name}：${d.formula}`).join('\n'),
  });
  return { name: `${title}.xlsx`, content };
}
