// What the form routes (form.ts) and the designer's routes (form-designer.ts) share: the service's
// path and the form a call names (their schema pieces are http/route-schemas.ts's Id and FormCode).
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../http/envelope';
import { param } from '../../http/request-values';
import { findForm, findFormByCode, type FormRowDb } from '../repositories/forms';

export const FORM_BASE = '/blade-iph-business/form';

/** The caller's tenant's form named by `id`, else by `formCode` (query or body); 400 without either, 404 when none. */
export async function formOfRequest(db: Kysely<Database>, request: FastifyRequest): Promise<FormRowDb> {
  const id = param(request, 'id');
  const formCode = param(request, 'formCode');
  if (!id && !formCode) throw badRequest('参数[id]不能为空');
  const form = id ? await findForm(db, request.auth.tenant_id, id) : await findFormByCode(db, request.auth.tenant_id, formCode);
  if (!form) throw notFound('表单不存在');
  return form;
}
