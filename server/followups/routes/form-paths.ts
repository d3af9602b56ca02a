import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound, ok } from '../../http/envelope';
import { ARCHIVE_WORK } from '../../http/route-access';
import { followupAnswers as answers } from '../../../src/shared/contract/followups';
import { CHILD_FORM_CODES } from '../../../src/shared/contract/child-health';
import { findOtherArchive, findResidentCase } from '../repositories/other-archives';
import type { FormPath } from '../services/form-path';
import { submitRecord, type SubmitInput } from '../services/record-submit';
import { recordContext, recordSubmitSchema, submitInput, type SubmitRequest } from './record-request';

/** The two-cancer screening programme's follow-ups: no crowd label marks its women, so each call names its form. */
export const TWO_CANCER_FORM_PATHS: readonly FormPath[] = [
  { path: '/blade-iph-business/userfollowup/cervical-follow-up', formCode: 'cervicalfollowup' },
  { path: '/blade-iph-business/userfollowup/breast-follow-up', formCode: 'breastfollowup' },
];

const CASE_NAME = { maternal: '孕产妇档案', child: '儿童档案' } as const;

/**
 * The case (孕产妇档案, 儿童档案: iph_user_archives_other) a record is saved under, when it names one:
 * the tenant's, of the resident the record is for, of the form's kind (when the call knows it), not
 * cancelled — and not closed for a new record (a 42-day exam closes a pregnancy: an edit of its
 * records is still allowed, a new visit is not). Every save path checks it, the generic
 * userfollowup/submit too: an otherId is never taken on trust.
 */
export async function checkRecordCase(
  deps: AppDeps,
  tenantId: string,
  input: { id?: string | null | undefined; otherId?: string | null | undefined; archId?: string | null | undefined },
  kind: FormPath['other'],
): Promise<void> {
  if (!input.otherId) return;
  const found = await findOtherArchive(deps.db, tenantId, input.otherId);
  const name = CASE_NAME[kind ?? (found?.kind === 'child' ? 'child' : 'maternal')];
  if (!found || (kind && found.kind !== kind) || (input.archId && found.arch_id !== input.archId)) throw notFound(`${name}不存在`);
  if (found.status === '3') throw badRequest(`${name}已注销，不能保存`);
  if (found.status === '2' && !input.id) throw badRequest(`${name}已结案，不能新增随访`);
}

const CHILD_FORMS: ReadonlySet<string> = new Set(CHILD_FORM_CODES);

/**
 * A record of a child health form (CHILD_FORM_CODES) saved by a generic submit — the resident's
 * archive page fills them there: a new one naming no case is filed under the child's case (儿童档案,
 * made by 新生儿建档), as the spec's child calls file it, so the child's lists, growth chart and
 * high-risk flag see it; without a case it is refused, the programme's records belong to a filed
 * child. A named case is checked as a child case of the resident (formrecord/submit checks no other
 * form's otherId: its generic records may name other things).
 */
export async function withChildCase(deps: AppDeps, tenantId: string, input: SubmitInput): Promise<SubmitInput> {
  if (!input.formCode || !CHILD_FORMS.has(input.formCode)) return input;
  let filed = input;
  if (!input.id && !input.otherId && input.archId) {
    const found = await findResidentCase(deps.db, tenantId, input.archId, 'child');
    if (!found) throw badRequest('该儿童尚未建立儿童档案，请先在“儿童建档”中建档后再填写');
    filed = { ...input, otherId: found.id };
  }
  await checkRecordCase(deps, tenantId, filed, 'child');
  return filed;
}

/**
 * The generic userfollowup/submit's case: a child form is filed under (or checked against) its child
 * case (withChildCase, which checks it as a child case); any other form's named case is checked once.
 */
export async function withRecordCase(deps: AppDeps, tenantId: string, input: SubmitInput): Promise<SubmitInput> {
  if (input.formCode && CHILD_FORMS.has(input.formCode)) return withChildCase(deps, tenantId, input);
  await checkRecordCase(deps, tenantId, input, undefined);
  return input;
}

/**
 * One handler for every such call (issue 32: "one handler binding a spec path to a form code, not a
 * handler per form"): the body is any record save's, refused if it names another form; the record
 * goes through the same store, rules and versions as every other form's.
 */
export const formPathRoutes =
  (paths: readonly FormPath[]) =>
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    for (const { path, formCode, other } of paths)
      app.post(
        path,
        { config: { access: ARCHIVE_WORK }, schema: { body: recordSubmitSchema, response: { 200: answers.follow } } },
        async (request: SubmitRequest) => {
          const input = submitInput(request, formCode);
          // A new record names its case; an update without one keeps the case it was saved under.
          if (other && !input.otherId && !input.id) throw badRequest(`请先建立${CASE_NAME[other]}`);
          await checkRecordCase(deps, request.auth.tenant_id, input, other);
          const saved = await submitRecord(recordContext(deps, request), input);
          return ok({ ...saved, followId: saved.id }, input.id ? '更新成功' : '新增成功');
        },
      );
  };
