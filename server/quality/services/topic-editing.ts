// The topic editor's work (decision 0042): a topic's effective document for a tenant, a document
// checked as a save checks it (the engine compiles every rule against the form, then the cases run
// as a run checks a record), a save that refuses anything that does not pass — nothing stored, the
// problems by rule and case given back — and the removal of a tenant's version (an override of a
// file's topic: the file's shows again). A save or removal forgets the tenant's compiled topics.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from '../../auth/index';
import { newId } from '../../db/ids';
import { Conflict, NotFound, Refusal } from '../../domain/errors';
import { dateTime, defaultFormsRoot } from '../../forms/index';
import type { TopicCheck, TopicDetail, TopicDocument, TopicForm, TopicSubmitBody } from '../../../src/shared/contract/quality';
import { findTopicRow, insertTopicRow, removeTopicRows, tenantTopicRows, updateTopicRow } from '../repositories/topic-documents';
import { forgetTenantTopics, formDocuments, qualityTopics, TOPIC_NOT_FOUND } from './effective-topics';
import { ARCHIVE_SOURCE, checkTopicDocument, topicFieldsOf, type QualityTopic } from './topics';

/** Codes the screen's paths use (/qualitymanage/index, /qualitymanage/edit): no topic may take them. */
const RESERVED_CODES = new Set(['index', 'edit']);
const CHANGED = '质控专题已被他人修改，请刷新后再保存';

/** The file shape of a compiled topic (what quality/<code>.json holds). */
export const documentOfTopic = (t: QualityTopic): TopicDocument => ({
  code: t.code,
  name: t.name,
  qualityType: t.qualityType,
  queryType: t.queryType,
  form: t.form,
  ...(t.source !== undefined && { source: t.source }),
  rules: t.rules.map((r) => ({ id: r.id, when: r.when, message: r.message })),
  ...(t.cases && { cases: t.cases }),
});

const fileTopic = (code: string) => qualityTopics().topics.find((t) => t.code === code);
const time = (t: Date | string) => dateTime(t instanceof Date ? t : new Date(t));

/** A topic's effective document for the tenant: its own version if it saved one, else the file's; 404 when neither. */
export async function topicDetail(deps: Pick<AppDeps, 'db'>, tenantId: string, code: string): Promise<TopicDetail> {
  const row = await findTopicRow(deps.db, tenantId, code);
  const file = fileTopic(code);
  if (row)
    return {
      document: row.document as TopicDocument,
      origin: 'tenant',
      hasFile: !!file,
      version: row.version,
      updateUserName: row.update_user_name,
      updateTime: time(row.update_time),
    };
  if (!file) throw new NotFound(TOPIC_NOT_FOUND);
  return { document: documentOfTopic(file), origin: 'file', hasFile: true, version: null, updateUserName: '', updateTime: '' };
}

/** The body without the editor's bookkeeping, as the file would hold it. */
function documentOfBody(body: TopicSubmitBody): Record<string, unknown> {
  const { version: _version, ...document } = body;
  return document;
}

/** A document checked as a save checks it: the problems by rule and case, and each case's result. */
export function checkTopic(deps: Pick<AppDeps, 'now'>, body: TopicSubmitBody): TopicCheck {
  const document = documentOfBody(body);
  if (RESERVED_CODES.has(body.code))
    return { ok: false, problems: [{ ruleId: null, caseIndex: null, message: `专题编号 ${body.code} 为系统保留，请换一个` }], cases: [] };
  const c = checkTopicDocument(`专题 ${body.code}`, document, formDocuments(), new Date(deps.now()));
  return {
    ok: c.problems.length === 0,
    problems: c.problems.map((p) => ({ ruleId: p.ruleId ?? null, caseIndex: p.caseIndex ?? null, message: p.message })),
    cases: c.cases,
  };
}

/** One sentence of every problem: what a refused save says (规则 x：…；用例 n（…）：…). */
export const problemsText = (check: TopicCheck) =>
  check.problems.map((p) => (p.ruleId ? `规则 ${p.ruleId}：${p.message}` : p.message)).join('；');

/**
 * Saves the tenant's version of a topic after checking it; refused (400, nothing stored) with the
 * problems when it does not pass, and when someone saved since the editor read it (`version`).
 */
export async function saveTopic(deps: Pick<AppDeps, 'db' | 'now'>, auth: AccessClaims, body: TopicSubmitBody): Promise<TopicDetail> {
  const check = checkTopic(deps, body);
  if (!check.ok) throw new Refusal(problemsText(check), check);
  const tenantId = auth.tenant_id;
  const row = await findTopicRow(deps.db, tenantId, body.code);
  const save = {
    tenantId,
    code: body.code,
    document: documentOfBody(body),
    userId: auth.user_id,
    userName: auth.real_name || auth.user_name,
    time: new Date(deps.now()),
  };
  // The version read must still be the row's: none read (the file's or a new topic) means none may exist yet.
  const saved = row
    ? (body.version ?? null) === row.version && (await updateTopicRow(deps.db, save, row.version))
    : (body.version ?? null) === null && (await insertTopicRow(deps.db, { ...save, id: newId(deps.now()) }));
  if (!saved) throw new Conflict(CHANGED);
  forgetTenantTopics(tenantId);
  return topicDetail(deps, tenantId, body.code);
}

/**
 * Removes the tenant's versions of these topics: an override's file topic shows again, a topic of the
 * tenant's own is gone. All or nothing: a code without a tenant version is refused, nothing removed.
 */
export async function removeTopics(deps: Pick<AppDeps, 'db' | 'now'>, auth: AccessClaims, codes: string[]): Promise<string[]> {
  const tenantId = auth.tenant_id;
  const own = new Set((await tenantTopicRows(deps.db, tenantId)).map((r) => r.code));
  for (const code of codes)
    if (!own.has(code)) {
      if (fileTopic(code)) throw new Refusal(`质控专题 ${code} 是文件版本，没有本机构的修改可恢复`);
      throw new NotFound(TOPIC_NOT_FOUND);
    }
  const removed = await removeTopicRows(deps.db, tenantId, codes, auth.user_id, new Date(deps.now()));
  forgetTenantTopics(tenantId);
  return removed;
}

const formLists = new Map<string, TopicForm[]>();

/**
 * The forms a topic may check: every form of the forms' root whose records are entered (a
 * follow-up, exam, case… — not an administration dialog), and the residents' archives, each with the
 * fields its rules may read.
 */
export function topicForms(root: string = defaultFormsRoot()): TopicForm[] {
  const known = formLists.get(root);
  if (known) return known;
  const documentOf = formDocuments(root);
  const dir = path.join(root, 'schemas');
  const codes = existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .map((n) => n.slice(0, -'.json'.length))
        .sort()
    : [];
  const fieldsOf = (form: string) =>
    (topicFieldsOf(form, documentOf) ?? []).map((f) => ({ fieldProp: f.fieldProp, fieldLabel: f.fieldLabel, fieldType: f.fieldType }));
  const forms = [
    { code: ARCHIVE_SOURCE, name: '居民健康档案', fields: fieldsOf(ARCHIVE_SOURCE) },
    ...codes.flatMap((code) => {
      const doc = documentOf(code) as (ReturnType<typeof documentOf> & { placement?: { kind?: string } }) | undefined;
      if (!doc || doc.placement?.kind === 'dialog') return [];
      return [{ code, name: doc.formName, fields: fieldsOf(code) }];
    }),
  ];
  formLists.set(root, forms);
  return forms;
}
