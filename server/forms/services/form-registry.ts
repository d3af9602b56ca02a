// The form registry: which published forms a tenant has and where each lives (its placement, read
// from the latest version's document). The archive menu, the follow-up lists, the due lists and
// the task centre ask here instead of keeping lists of form codes, so a form an administrator
// publishes reaches residents at once, with no code change and no restart (docs/architecture.md §2).
import { appliesToResident, byOrderThenTitle, type FormKind, type FormPlacement, type ResidentFacts } from '../../../src/engine';
import type { AppDeps } from '../../app-deps';
import { latestPlacements } from '../repositories/form-versions';
import { NotFound } from '../../domain/errors';
import { ROOT_TENANT } from '../../platform/repositories/dicts';

export interface PlacedForm {
  formCode: string;
  formName: string;
  version: number;
  placement?: FormPlacement;
}

/** What the registry reads with: the database and the app's per-tenant cache (AppDeps). */
export type RegistryDeps = Pick<AppDeps, 'db' | 'caches' | 'now'>;

const REGISTRY_KEY = 'form-registry';
/**
 * How long a tenant's registry is kept when no clear reaches it: a publish clears it at once in
 * this process and, on PostgreSQL, in every other (deps.caches announces its clears), so this only
 * bounds the case of a lost announcement, as for the permission caches.
 */
export const FORM_REGISTRY_TTL_MS = 5_000;

/**
 * The latest version of each published form with its placement, kept per tenant in `deps.caches`
 * (docs/decisions/0019): read on every follow-up submit, list and archive menu, it was a round trip
 * and a read of every form document's placement on each. A publish or rollback clears the tenant
 * (formsPublished) after its commit; a read begun before that clear is not kept (generation).
 */
export async function publishedForms(deps: RegistryDeps, tenantId: string): Promise<PlacedForm[]> {
  const now = deps.now();
  const hit = deps.caches.get(tenantId, REGISTRY_KEY) as { forms: PlacedForm[]; at: number } | undefined;
  if (hit && now - hit.at < FORM_REGISTRY_TTL_MS) return hit.forms;
  const generation = deps.caches.generation(tenantId);
  const forms: PlacedForm[] = await latestPlacements(deps.db, tenantId);
  deps.caches.setIfCurrent(tenantId, REGISTRY_KEY, { forms, at: now }, generation);
  return forms;
}

/** Called after a publish or rollback has committed: the tenant's registry (and its other kept reads) are read anew, here and in the other processes. */
export function formsPublished(deps: Pick<AppDeps, 'caches'>, tenantIds: string[]): void {
  deps.caches.clear(tenantIds);
}

/**
 * After a publish or rollback has committed: a new version clears the tenant (formsPublished); so
 * do dictionaries it created (the dictionary caches), all tenants' when they were the platform's.
 */
export function afterPublish(
  deps: Pick<AppDeps, 'caches'>,
  tenantId: string,
  outcome: { created: boolean; dictionariesWritten: boolean },
): void {
  if (outcome.dictionariesWritten && tenantId === ROOT_TENANT) formsPublished(deps, ['*']);
  else if (outcome.created || outcome.dictionariesWritten) formsPublished(deps, [tenantId]);
}

export const formsOfKind = (forms: PlacedForm[], kind: FormKind): PlacedForm[] => forms.filter((f) => f.placement?.kind === kind);

/** Follow-up form codes: what the userfollowup lists mean when no form is named. */
export async function followupFormCodes(deps: RegistryDeps, tenantId: string): Promise<string[]> {
  return formsOfKind(await publishedForms(deps, tenantId), 'followup').map((f) => f.formCode);
}

/**
 * The follow-up form for the residents of one crowd label — what the spec's disease-named calls
 * (high-blood-pressure-follow-up, hypertension-should-visit…) stand for. When an administrator has
 * published several, the one with the lowest menu order answers.
 */
export async function followupFormForLabel(deps: RegistryDeps, tenantId: string, label: string, labelName: string): Promise<PlacedForm> {
  const candidates = formsOfKind(await publishedForms(deps, tenantId), 'followup').filter((f) =>
    f.placement?.appliesTo?.crowdLabels?.includes(label),
  );
  const [first] = candidates.sort((a, b) => byOrderThenTitle(menuKey(a), menuKey(b)));
  if (!first) throw new NotFound(`未找到适用于${labelName}的随访表单，请先在表单设计中发布`);
  return first;
}

/** A published follow-up form by code, or a clear refusal naming it. */
export async function followupForm(deps: RegistryDeps, tenantId: string, formCode: string): Promise<PlacedForm> {
  const form = (await publishedForms(deps, tenantId)).find((f) => f.formCode === formCode);
  if (!form) throw new NotFound(`表单不存在：${formCode}`);
  if (form.placement?.kind !== 'followup') throw new NotFound(`表单 ${formCode} 不是随访表单`);
  return form;
}

const menuKey = (f: PlacedForm) => ({ title: f.placement?.menu?.title ?? f.formName, order: f.placement?.menu?.order });

export interface HealthMenuTab {
  code: string;
  name: string;
  sort: number | null;
  kind: FormKind;
  formName: string;
  version: number;
}

export interface HealthMenuRoute extends HealthMenuTab {
  path: string;
  tabs: HealthMenuTab[];
}

/**
 * An archive's form menu: the forms that apply to the resident and have a menu entry, in menu
 * order, each with the tabs other applicable forms join on its page.
 */
export function healthMenuRoutes(forms: PlacedForm[], resident: ResidentFacts | null): HealthMenuRoute[] {
  // No resident: the whole menu as administrators configure it (healthmenu/tree), every placed form.
  const applicable = forms.filter((f) => f.placement && (resident === null || appliesToResident(f.placement, resident)));
  const entry = (f: PlacedForm, title: string, order: number | undefined): HealthMenuTab => ({
    code: f.formCode,
    name: title,
    sort: order ?? null,
    kind: f.placement!.kind,
    formName: f.formName,
    version: f.version,
  });
  return applicable
    .filter((f) => f.placement?.menu)
    .sort((a, b) => byOrderThenTitle(menuKey(a), menuKey(b)))
    .map((host) => {
      const tabs = applicable
        .flatMap((f) => (f.placement?.tabs ?? []).filter((t) => t.host === host.formCode).map((t) => ({ f, t })))
        .sort((a, b) => byOrderThenTitle(a.t, b.t))
        .map(({ f, t }) => entry(f, t.title, t.order));
      const menu = host.placement!.menu!;
      return { ...entry(host, menu.title, menu.order), path: `/publichealthwork/detail/${host.formCode}`, tabs };
    });
}
