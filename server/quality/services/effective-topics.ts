// The topics a tenant works with (decision 0042): the files' topics (quality/*.json, compiled once per
// process) overlaid by the tenant's own (iph_quality_topic, saved from the editor) — a tenant's topic
// with a file's code replaces that file's topic, any other code adds one. A tenant's set is compiled
// once and kept until its topics change: each read compares the versions of the tenant's rows (one
// small statement), so a save in another server process is seen too; a save here forgets it at once.
import type { AppDeps } from '../../app-deps';
import { NotFound } from '../../domain/errors';
import { defaultFormsRoot } from '../../forms/index';
import { tenantTopicRows, topicVersions } from '../repositories/topic-documents';
import {
  compileTopic,
  formDocumentReader,
  loadTopics,
  topicProblemText,
  ARCHIVE_SOURCE,
  type FormDocumentOf,
  type LoadedTopics,
  type QualityTopic,
} from './topics';

export const TOPIC_NOT_FOUND = '质控专题不存在';

const loaded = new Map<string, LoadedTopics>();
const readers = new Map<string, FormDocumentOf>();

/** The topics of the forms' root (quality/*.json), compiled once per process; a refused topic is logged and left out. */
export function qualityTopics(root: string = defaultFormsRoot()): LoadedTopics {
  let l = loaded.get(root);
  if (!l) {
    l = loadTopics(root, formDocuments(root));
    for (const p of l.problems) console.warn(`[quality] ${topicProblemText(p)}`);
    loaded.set(root, l);
  }
  return l;
}

/** The forms' documents (schemas/<form>.json) the topics compile against, read once per process. */
export function formDocuments(root: string = defaultFormsRoot()): FormDocumentOf {
  let r = readers.get(root);
  if (!r) {
    r = formDocumentReader(root);
    readers.set(root, r);
  }
  return r;
}

export interface TenantTopics {
  /** The rows the set was compiled from (`code:id:version,…`). */
  key: string;
  /** The effective topics: the files' in their order (each replaced by the tenant's where it has one), then the tenant's new ones. */
  topics: QualityTopic[];
  /** The codes whose topic is the tenant's own. */
  own: ReadonlySet<string>;
}

const tenantSets = new Map<string, TenantTopics>();

/** Forgets a tenant's compiled set (after a save or a removal). */
export function forgetTenantTopics(tenantId: string): void {
  tenantSets.delete(tenantId);
}

/** A tenant's effective topics, compiled when its topics changed since the last read. */
export async function tenantTopics(deps: Pick<AppDeps, 'db'>, tenantId: string): Promise<TenantTopics> {
  const versions = await topicVersions(deps.db, tenantId);
  const key = versions.map((v) => `${v.code}:${v.id}:${v.version}`).join(',');
  const cached = tenantSets.get(tenantId);
  if (cached && cached.key === key) return cached;
  const files = qualityTopics().topics;
  let set: TenantTopics;
  if (!versions.length) set = { key, topics: files, own: new Set() };
  else {
    const documentOf = formDocuments();
    const own = new Map<string, QualityTopic>();
    for (const row of await tenantTopicRows(deps.db, tenantId)) {
      const raw = row.document as { form?: unknown };
      const form = typeof raw?.form === 'string' ? raw.form : '';
      // Checked when saved; it can stop compiling only when its form's file changed since. Then it is
      // left out (an override: the file's topic shows again) and said in the log.
      const c = compileTopic(
        `租户 ${tenantId} 专题 ${row.code}`,
        row.document,
        form && form !== ARCHIVE_SOURCE ? documentOf(form) : undefined,
      );
      if (c.topic) own.set(row.code, c.topic);
      else for (const p of c.problems) console.warn(`[quality] ${topicProblemText(p)}`);
    }
    const fileCodes = new Set(files.map((t) => t.code));
    const added = [...own.values()].filter((t) => !fileCodes.has(t.code)).sort((a, b) => a.code.localeCompare(b.code));
    set = { key, topics: [...files.map((t) => own.get(t.code) ?? t), ...added], own: new Set(own.keys()) };
  }
  tenantSets.set(tenantId, set);
  return set;
}

/** One of the tenant's effective topics, or 404 质控专题不存在. */
export async function tenantTopicByCode(deps: Pick<AppDeps, 'db'>, tenantId: string, code: string): Promise<QualityTopic> {
  const topic = (await tenantTopics(deps, tenantId)).topics.find((t) => t.code === code);
  if (!topic) throw new NotFound(TOPIC_NOT_FOUND);
  return topic;
}
