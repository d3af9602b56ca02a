// The form registry: which published forms a tenant has and where each lives (its placement, read
// from the latest version's document). The archive menu, the follow-up lists, the due lists and
// the task centre ask here instead of keeping lists of form codes, so a form an administrator
// publishes reaches residents at once, with no code change and no restart (DESIGN.md §2).
import { sql, type Kysely } from 'kysely';
import { appliesToResident, byOrderThenTitle, type FormKind, type FormPlacement, type ResidentFacts } from '../../src/engine';
import type { Database } from '../db/schema';
import { NotFound } from '../domain/errors';

export interface PlacedForm {
  formCode: string;
  formName: string;
  version: number;
  placement?: FormPlacement;
}

/**
 * The latest version of each published form with its placement. One small read per call (the
 * documents stay in the database: only the name and the placement block travel), so a publish in
 * another process is seen on the next call without any cache to invalidate.
 */
export async function publishedForms(db: Kysely<Database>, tenantId: string): Promise<PlacedForm[]> {
  const rows = await sql<{ form_code: string; version: number; form_name: string | null; placement: FormPlacement | string | null }>`
    select distinct on (form_code) form_code, version, document->>'formName' as form_name, document->'placement' as placement
    from form_version where tenant_id = ${tenantId}
    order by form_code, version desc`.execute(db);
  return rows.rows.map((r) => {
    const placement = typeof r.placement === 'string' ? (JSON.parse(r.placement) as FormPlacement | null) : r.placement;
    return { formCode: r.form_code, formName: r.form_name ?? r.form_code, version: Number(r.version), ...(placement ? { placement } : {}) };
  });
}

export const formsOfKind = (forms: PlacedForm[], kind: FormKind): PlacedForm[] => forms.filter((f) => f.placement?.kind === kind);

/** Follow-up form codes: what the userfollowup lists mean when no form is named. */
export async function followupFormCodes(db: Kysely<Database>, tenantId: string): Promise<string[]> {
  return formsOfKind(await publishedForms(db, tenantId), 'followup').map((f) => f.formCode);
}

/**
 * The follow-up form for the residents of one crowd label — what the spec's disease-named calls
 * (high-blood-pressure-follow-up, hypertension-should-visit…) stand for. When an administrator has
 * published several, the one with the lowest menu order answers.
 */
export async function followupFormForLabel(db: Kysely<Database>, tenantId: string, label: string, labelName: string): Promise<PlacedForm> {
  const candidates = formsOfKind(await publishedForms(db, tenantId), 'followup').filter((f) =>
    f.placement?.appliesTo?.crowdLabels?.includes(label),
  );
  const [first] = candidates.sort((a, b) => byOrderThenTitle(menuKey(a), menuKey(b)));
  if (!first) throw new NotFound(`未找到适用于${labelName}的随访表单，请先在表单设计中发布`);
  return first;
}

/** A published follow-up form by code, or a clear refusal naming it. */
export async function followupForm(db: Kysely<Database>, tenantId: string, formCode: string): Promise<PlacedForm> {
  const form = (await publishedForms(db, tenantId)).find((f) => f.formCode === formCode);
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
export function healthMenuRoutes(forms: PlacedForm[], resident: ResidentFacts): HealthMenuRoute[] {
  const applicable = forms.filter((f) => f.placement && appliesToResident(f.placement, resident));
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
