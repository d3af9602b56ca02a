import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound, ok } from '../../http/envelope';
import { ARCHIVE_WORK } from '../../http/route-access';
import { followupAnswers as answers } from '../../../src/shared/contract/followups';
import { findOtherArchive } from '../repositories/other-archives';
import type { FormPath } from '../services/form-path';
import { submitRecord } from '../services/record-submit';
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
