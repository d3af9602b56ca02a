// Quality topics (质控专题, issue 34 "Quality management"; decision 0034): rule sets in the engine's
// expression language over one form's records, kept as files in quality/<code>.json beside the
// forms. Each topic is compiled once at load with the same engine the forms use: the form's fields
// (from its file in schemas/) plus one check rule per quality rule, attached to a field of its own.
// A rule that does not compile is refused with the engine's message and its topic left out; a record
// fails a rule when the rule's condition (`when`) is true for its values.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  compileDocument,
  evaluate,
  type CompiledForm,
  type FieldDef,
  type FieldType,
  type FieldValue,
  type FormDocument,
  type FormValues,
} from '../../../src/engine';

/** The kinds of check (query_type): 完整性, 逻辑性, 及时性. */
export const QUERY_TYPES = { completeness: '完整性', logic: '逻辑性', timeliness: '及时性' } as const;
export type QueryType = keyof typeof QUERY_TYPES;

/** The topic groups (quality_type), as the spec's quality pages are grouped. */
export const QUALITY_TYPES: Record<string, string> = {
  archive: '健康档案',
  exam: '健康体检',
  hypertension: '高血压',
  diabetes: '糖尿病',
  maternal: '孕产妇',
  child: '儿童',
  elderly: '老年人',
  tuberculosis: '肺结核',
  mental: '严重精神障碍',
};

/** The pseudo-form of the residents' archives (user_archive's columns), for archive topics. */
export const ARCHIVE_SOURCE = 'archive';

export interface QualityRule {
  id: string;
  /** The failing condition, in the engine's language: true means the record fails. */
  when: string;
  message: string;
}

/** A rule case (run by `npm run rules:test`): a record's values and the rules it must fail, no more, no fewer. */
export interface TopicCase {
  name: string;
  values: Record<string, unknown>;
  /** The rule ids the values fail ([] : the record passes every rule). */
  fails: string[];
  /** The clock of the check (yyyy-MM-dd), for rules over today; default the day the cases run. */
  today?: string;
}

export interface QualityTopicFile {
  code: string;
  name: string;
  qualityType: string;
  queryType: QueryType;
  /** The form whose records are checked (schemas/<form>.json), or `archive`. */
  form: string;
  /** Where the rule comes from (国家基本公共卫生服务规范 第三版 where it does). */
  source?: string;
  rules: QualityRule[];
  cases?: TopicCase[];
}

export interface QualityTopic extends QualityTopicFile {
  compiled: CompiledForm;
  /** The form's fields by name (labels for the failing values). */
  labels: Record<string, string>;
  /** The dictionary (bizCode) of each coded field, for the failing values' text. */
  codes: Record<string, string>;
  /** The form's fields each rule reads (by rule id): what a tenant's published version must have. */
  ruleFields: Record<string, string[]>;
}

/** A rule a run leaves out: it names fields the tenant's published version of the form lacks. */
export interface SkippedRule {
  ruleId: string;
  message: string;
  fields: string[];
}

export interface TopicProblem {
  file: string;
  ruleId?: string;
  /** The case (0-based) a problem is about, when it is one case's result. */
  caseIndex?: number;
  message: string;
}

export interface RuleFailure {
  ruleId: string;
  message: string;
  /** The values the rule read, by field, with the field's label. */
  values: { field: string; label: string; value: FieldValue; text?: string }[];
}

/** The field the quality rules hang on (a name no form uses). */
const TARGET = 'qualityRecordCheck';
const CODE = /^[a-z][a-z0-9_]{1,60}$/;

/** The archive's fields as the archive topics see them (user_archive's columns, see repositories). */
const ARCHIVE_FIELDS: FieldDef[] = [
  { fieldProp: 'personName', fieldLabel: '姓名', fieldType: 3 },
  { fieldProp: 'sex', fieldLabel: '性别', fieldType: 3 },
  { fieldProp: 'birthday', fieldLabel: '出生日期', fieldType: 5 },
  { fieldProp: 'cardType', fieldLabel: '证件类型', fieldType: 3 },
  { fieldProp: 'idCard', fieldLabel: '身份证号', fieldType: 3 },
  { fieldProp: 'phone', fieldLabel: '本人电话', fieldType: 3 },
  { fieldProp: 'contactName', fieldLabel: '联系人姓名', fieldType: 3 },
  { fieldProp: 'contactPhone', fieldLabel: '联系人电话', fieldType: 3 },
  { fieldProp: 'homeAddress', fieldLabel: '现住址', fieldType: 3 },
  { fieldProp: 'regionCode', fieldLabel: '行政区划', fieldType: 3 },
  { fieldProp: 'crowdLabels', fieldLabel: '人群分类', fieldType: 8 },
];

/** Every form record is also seen with the day it was entered (its create time), for timeliness rules. */
const RECORD_FIELDS: FieldDef[] = [{ fieldProp: 'recordDate', fieldLabel: '录入日期', fieldType: 5 }];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What is wrong with the file's shape (before compiling), or []. */
function shapeProblems(file: string, raw: unknown): TopicProblem[] {
  const p = (message: string): TopicProblem => ({ file, message });
  if (!isObject(raw)) return [p('质控专题文件必须是一个 JSON 对象')];
  const out: TopicProblem[] = [];
  const str = (k: string) => typeof raw[k] === 'string' && (raw[k] as string).trim() !== '';
  if (!str('code') || !CODE.test(raw.code as string)) out.push(p('code 必须是小写字母开头的字母、数字或下划线'));
  if (!str('name')) out.push(p('name 不能为空'));
  if (!str('qualityType') || !(String(raw.qualityType) in QUALITY_TYPES))
    out.push(p(`qualityType 必须是 ${Object.keys(QUALITY_TYPES).join(' / ')} 之一`));
  if (!str('queryType') || !(String(raw.queryType) in QUERY_TYPES))
    out.push(p(`queryType 必须是 ${Object.keys(QUERY_TYPES).join(' / ')} 之一`));
  if (!str('form')) out.push(p('form 不能为空'));
  if (raw.source !== undefined && typeof raw.source !== 'string') out.push(p('source 必须是文本'));
  if (!Array.isArray(raw.rules) || raw.rules.length === 0) out.push(p('rules 至少要有一条规则'));
  else {
    const ids = new Set<string>();
    for (const r of raw.rules as unknown[]) {
      if (!isObject(r) || typeof r.id !== 'string' || typeof r.when !== 'string' || typeof r.message !== 'string' || !r.message.trim())
        out.push(p('每条规则须有 id、when 与 message'));
      else if (!/^[A-Za-z][A-Za-z0-9_.]*$/.test(r.id)) out.push({ file, ruleId: r.id, message: '规则 id 必须是字母开头的标识符' });
      else if (ids.has(r.id)) out.push({ file, ruleId: r.id, message: '规则 id 重复' });
      else ids.add(r.id);
    }
    if (raw.cases !== undefined) out.push(...caseProblems(file, raw.cases, ids));
  }
  return out;
}

/** What is wrong with a topic's cases: each names itself, gives values, and fails only rules the topic has. */
function caseProblems(file: string, cases: unknown, ruleIds: ReadonlySet<string>): TopicProblem[] {
  if (!Array.isArray(cases)) return [{ file, message: 'cases 必须是数组' }];
  const out: TopicProblem[] = [];
  cases.forEach((c: unknown, i) => {
    const at = `用例 ${i + 1}`;
    if (!isObject(c) || typeof c.name !== 'string' || !c.name.trim() || !isObject(c.values) || !Array.isArray(c.fails))
      out.push({ file, message: `${at}：须有 name、values 与 fails` });
    else if (c.today !== undefined && (typeof c.today !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(c.today)))
      out.push({ file, message: `${at}（${c.name}）：today 须为 yyyy-MM-dd` });
    else
      for (const id of c.fails)
        if (typeof id !== 'string' || !ruleIds.has(id))
          out.push({ file, message: `${at}（${c.name}）：fails 中的规则 ${String(id)} 不存在` });
  });
  return out;
}

/** The fields a topic's rules may read: the form's own (from its document) plus the record's entry date. */
function fieldsOf(form: string, formDocument: FormDocument | undefined): FieldDef[] | undefined {
  if (form === ARCHIVE_SOURCE) return ARCHIVE_FIELDS;
  if (!formDocument) return undefined;
  const own = formDocument.fields.map(
    (f) =>
      ({
        fieldProp: f.fieldProp,
        fieldLabel: f.fieldLabel,
        fieldType: f.fieldType as FieldType,
        ...(f.bizCode && { bizCode: f.bizCode }),
      }) as FieldDef,
  );
  return [...own, ...RECORD_FIELDS.filter((r) => !own.some((f) => f.fieldProp === r.fieldProp))];
}

/**
 * Compiles one topic against its form's document (undefined for `archive`). The engine's messages
 * are the refusal: `规则 <id>: <message>`; a topic with any problem is not returned.
 */
export function compileTopic(
  file: string,
  raw: unknown,
  formDocument: FormDocument | undefined,
): { topic?: QualityTopic; problems: TopicProblem[] } {
  const shape = shapeProblems(file, raw);
  if (shape.length) return { problems: shape };
  const t = raw as unknown as QualityTopicFile;
  const fields = fieldsOf(t.form, formDocument);
  if (!fields) return { problems: [{ file, message: `表单 ${t.form} 不存在` }] };
  const doc: FormDocument = {
    formCode: `quality_${t.code}`,
    formName: t.name,
    version: 1,
    fields: [
      ...fields,
      {
        fieldProp: TARGET,
        fieldLabel: '质控结果',
        fieldType: 3,
        reckons: t.rules.map((r) => ({ id: r.id, kind: 'check' as const, tcontent: r.when, errMsg: r.message })),
      },
    ],
  };
  const result = compileDocument(doc, { file });
  const problems = result.errors
    .filter((e) => e.severity === 'error')
    .map((e) => ({ file, ...(e.ruleId && { ruleId: e.ruleId }), message: e.message }));
  if (problems.length || !result.form) return { problems };
  // What runs over the records: the same rules over only the fields they name (a run evaluates
  // thousands of records; the form's other fields would only cost time).
  const named = new Set(t.rules.flatMap((r) => r.when.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []));
  const slim = compileDocument({ ...doc, fields: doc.fields.filter((f) => f.fieldProp === TARGET || named.has(f.fieldProp)) });
  const labels = Object.fromEntries(fields.map((f) => [f.fieldProp, f.fieldLabel]));
  // The form's own fields each rule names (the entry date is every record's, whatever its version).
  const formFields = new Set(fields.map((f) => f.fieldProp).filter((p) => !RECORD_FIELDS.some((r) => r.fieldProp === p)));
  const ruleFields = Object.fromEntries(
    t.rules.map((r) => [r.id, [...new Set(r.when.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [])].filter((n) => formFields.has(n))]),
  );
  const codes = Object.fromEntries(fields.filter((f) => f.bizCode).map((f) => [f.fieldProp, f.bizCode!]));
  return {
    topic: {
      code: t.code,
      name: t.name,
      qualityType: t.qualityType,
      queryType: t.queryType,
      form: t.form,
      ...(t.source !== undefined && { source: t.source }),
      rules: t.rules,
      ...(t.cases && { cases: t.cases }),
      compiled: slim.form ?? result.form,
      labels,
      codes,
      ruleFields,
    },
    problems: [],
  };
}

export interface LoadedTopics {
  topics: QualityTopic[];
  problems: TopicProblem[];
}

/** A form's document as the topics read it: schemas/<form>.json under `root`, read once (undefined: no such form). */
export type FormDocumentOf = (form: string) => FormDocument | undefined;

export function formDocumentReader(root: string): FormDocumentOf {
  const documents = new Map<string, FormDocument | undefined>();
  return (form: string) => {
    if (!documents.has(form)) {
      const schema = path.join(root, 'schemas', `${form}.json`);
      documents.set(
        form,
        /^[A-Za-z][A-Za-z0-9_]*$/.test(form) && existsSync(schema) ? (JSON.parse(readFileSync(schema, 'utf8')) as FormDocument) : undefined,
      );
    }
    return documents.get(form);
  };
}

/**
 * Reads and compiles quality/*.json under `root` (the forms' root: schemas/ beside it), the forms'
 * documents through `documentOf` (the server passes its process-wide reader, which the tenants'
 * own topics use too).
 */
export function loadTopics(root: string, documentOf: FormDocumentOf = formDocumentReader(root)): LoadedTopics {
  const dir = path.join(root, 'quality');
  const topics: QualityTopic[] = [];
  const problems: TopicProblem[] = [];
  if (!existsSync(dir)) return { topics, problems };
  const seen = new Set<string>();
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const file = `quality/${name}`;
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    } catch (e) {
      problems.push({ file, message: `JSON 解析失败: ${e instanceof Error ? e.message : String(e)}` });
      continue;
    }
    const form = isObject(raw) && typeof raw.form === 'string' ? raw.form : '';
    const r = compileTopic(file, raw, form && form !== ARCHIVE_SOURCE ? documentOf(form) : undefined);
    problems.push(...r.problems);
    if (!r.topic) continue;
    if (`${r.topic.code}.json` !== name) problems.push({ file, message: `文件名应为 ${r.topic.code}.json` });
    else if (seen.has(r.topic.code)) problems.push({ file, message: `专题编号 ${r.topic.code} 重复` });
    else {
      seen.add(r.topic.code);
      topics.push(r.topic);
    }
  }
  return { topics, problems };
}

/**
 * The rules of a topic that cannot run on a form version with these fields: each names a field the
 * version lacks (a field a designer removed or renamed). Such a rule would fail every record (a
 * completeness rule: the field is never filled) or none (a logic rule never fires) — both wrong.
 */
export function rulesMissingFields(topic: QualityTopic, fieldProps: ReadonlySet<string>): SkippedRule[] {
  return topic.rules.flatMap((r) => {
    const missing = (topic.ruleFields[r.id] ?? []).filter((f) => !fieldProps.has(f));
    return missing.length ? [{ ruleId: r.id, message: r.message, fields: missing }] : [];
  });
}

/** What a skipped rule's notice says: 规则 x 引用了不存在的字段：a（标签）、b. */
export const skippedRuleText = (topic: QualityTopic, s: SkippedRule) =>
  `规则 ${s.ruleId}（${s.message}）引用了不存在的字段：${s.fields.map((f) => (topic.labels[f] ? `${f}（${topic.labels[f]}）` : f)).join('、')}`;

/** One problem as forms:check prints it. */
export const topicProblemText = (p: TopicProblem) => `${p.file} ${p.ruleId ? `规则 ${p.ruleId}` : ''}: ${p.message}`.replace(' :', ':');

/** A coded value's text in its dictionary (code maps), or undefined. */
export type CodeLabel = (code: string, value: string) => string | undefined;

/** The rules a record's values fail, each with the values it read (a coded one with its text). `now` is the clock of the run. */
export function checkRecord(
  topic: QualityTopic,
  values: FormValues,
  now: Date,
  codeLabel?: CodeLabel,
  skipped?: ReadonlySet<string>,
): RuleFailure[] {
  const evaluation = evaluate(topic.compiled, values, { now }, { applyDefaults: false });
  return evaluation.messages
    .filter((m) => m.field === TARGET && !skipped?.has(m.ruleId))
    .map((m) => ({
      ruleId: m.ruleId,
      message: m.message,
      values: Object.entries(m.inputs).map(([field, value]) => {
        const code = topic.codes[field];
        const text =
          code && codeLabel && value !== null && value !== undefined && value !== '' ? textOf(code, value, codeLabel) : undefined;
        return { field, label: topic.labels[field] ?? field, value, ...(text !== undefined && { text }) };
      }),
    }));
}

function textOf(code: string, value: FieldValue, codeLabel: CodeLabel): string | undefined {
  const values = Array.isArray(value) ? value.map(String) : [String(value)];
  const texts = values.map((v) => codeLabel(code, v) ?? v);
  return texts.join('、') === values.join('、') ? undefined : texts.join('、');
}

export interface TopicCaseResult {
  name: string;
  expected: string[];
  got: string[];
  passed: boolean;
}

/** Runs a topic's cases: each record's values checked as a run checks them, the rules failed compared with the case's. */
export function runTopicCases(topic: QualityTopic, today: Date = new Date()): TopicCaseResult[] {
  return (topic.cases ?? []).map((c) => {
    const now = c.today ? new Date(`${c.today}T12:00:00`) : today;
    const got = [...new Set(checkRecord(topic, c.values as FormValues, now).map((f) => f.ruleId))].sort();
    const expected = [...new Set(c.fails)].sort();
    return { name: c.name, expected, got, passed: got.join() === expected.join() };
  });
}

/** A topic's fields as the editor completes them: the form's own and the record's entry date (undefined: no such form). */
export function topicFieldsOf(form: string, documentOf: FormDocumentOf): FieldDef[] | undefined {
  return fieldsOf(form, form === ARCHIVE_SOURCE ? undefined : documentOf(form));
}

export interface TopicCheck {
  /** The compiled topic when nothing is wrong with it (its cases included). */
  topic?: QualityTopic;
  /** What is wrong: the shape's and the engine's messages (by rule), and every case whose result differs from its `fails`. */
  problems: TopicProblem[];
  /** Each case's result (none when the topic does not compile). */
  cases: TopicCaseResult[];
}

const ids = (list: string[]) => (list.length ? list.join('、') : '无');

/**
 * A topic document checked as a save checks it (decision 0042): its shape, its rules compiled by the
 * engine against its form, then its cases run as a run checks a record — a case whose failing rules
 * differ from its `fails` is a problem too, named by the case.
 */
export function checkTopicDocument(file: string, raw: unknown, documentOf: FormDocumentOf, today: Date = new Date()): TopicCheck {
  const form = isObject(raw) && typeof raw.form === 'string' ? raw.form : '';
  const compiled = compileTopic(file, raw, form && form !== ARCHIVE_SOURCE ? documentOf(form) : undefined);
  if (!compiled.topic) return { problems: compiled.problems, cases: [] };
  const cases = runTopicCases(compiled.topic, today);
  const problems = cases.flatMap((c, i) =>
    c.passed
      ? []
      : [{ file, caseIndex: i, message: `用例 ${i + 1}（${c.name}）：应不通过的规则 ${ids(c.expected)}，实际不通过 ${ids(c.got)}` }],
  );
  return { ...(!problems.length && { topic: compiled.topic }), problems, cases };
}
