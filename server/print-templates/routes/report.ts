// 打印模板 (issue 33 "Printing", decision 0038): report/* of spec 001 §7 — the tenant's folders and
// templates (menu 打印模板 `report`, 3965; buttons report_add / report_edit / report_delete) and what
// the print screens use: list-codes, get-preview-url(s) and create-qr-code2 (button 打印档案
// `archive_print`, or the templates' menu). Every call names the caller's tenant.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { mayCall } from '../../http/route-access';
import { fieldOf, requestIds } from '../../http/request-values';
import { Id } from '../../http/route-schemas';
import {
  IdsQuery,
  PreviewUrlQuery,
  PrintItemsBody,
  ReportListQuery,
  ReportSubmitBody,
  printTemplateAnswers as answers,
  type PrintItem,
} from '../../../src/shared/contract/print-templates';
import {
  listCodes,
  listLevel,
  listPage,
  printFields,
  removeTemplateRows,
  submitTemplate,
  templateDetail,
  templateTree,
  type TemplateContext,
} from '../services/templates';
import { previewLink } from '../services/report-files';
import { qrCodeDataUrl } from '../services/qr-code';

const B = '/blade-iph-business/report';
const optional = Type.Optional;
export const TEMPLATES = { permission: 'report' } as const;
const SAVE = { permission: ['report_add', 'report_edit'] } as const;
const REMOVE = { permission: 'report_delete' } as const;
/** Printing with templates: the care team's 打印档案, or whoever keeps the templates. */
export const PRINTS = { permission: ['archive_print', 'report'] } as const;

/** getPrintFile's and get-preview-urls' items: the list, or `{list}`; no body is no items. */
export function itemsOf(body: unknown): PrintItem[] {
  if (Array.isArray(body)) return body as PrintItem[];
  const list = fieldOf(body, 'list');
  return Array.isArray(list) ? (list as PrintItem[]) : [];
}

const IdsBody = Type.Union([
  Type.Object({ ids: optional(Type.Union([Type.String({ maxLength: 4000 }), Type.Array(Id, { maxItems: 500 })])) }),
  Type.Null(),
]);

export const reportRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const ctx = (request: FastifyRequest): TemplateContext => ({
      deps,
      auth: request.auth,
      may: (permission) => mayCall(deps, request.auth, { permission }),
    });
    const filterOf = (q: ReportListQuery) => ({
      parentId: q.parentId,
      name: (q.name_like ?? q.name)?.trim() || undefined,
      code: q.code_like?.trim() || undefined,
      origin: q.origin_equal || undefined,
      category: q.category_equal ? Number(q.category_equal) || undefined : undefined,
    });

    app.get(
      `${B}/list`,
      { config: { access: TEMPLATES }, schema: { querystring: ReportListQuery, response: { 200: answers.page } } },
      async (request) => ok(await listPage(ctx(request), filterOf(request.query), request.query.current ?? 1, request.query.size ?? 10)),
    );

    // One level of the tree (the lazy tree's children of parentId, the top level by default).
    app.get(
      `${B}/lazy-list`,
      { config: { access: TEMPLATES }, schema: { querystring: ReportListQuery, response: { 200: answers.rows } } },
      async (request) => ok(await listLevel(ctx(request), { ...filterOf(request.query), parentId: request.query.parentId ?? '0' })),
    );

    // The folders as a tree (BladeX's trees are what a parent is chosen from: 打印模板's dialog picks a template's folder here).
    app.get(`${B}/tree`, { config: { access: TEMPLATES }, schema: { response: { 200: answers.tree } } }, async (request) =>
      ok(await templateTree(ctx(request))),
    );

    app.get(
      `${B}/detail`,
      { config: { access: TEMPLATES }, schema: { querystring: Type.Object({ id: Id }), response: { 200: answers.detail } } },
      async (request) => ok(await templateDetail(ctx(request), request.query.id)),
    );

    // The original encrypts this body; here it travels over the same TLS as every call and is
    // checked instead: the recipe against its schema, the params, the code unique (decision 0038).
    app.post(
      `${B}/submit`,
      { bodyLimit: 1024 * 1024, config: { access: SAVE }, schema: { body: ReportSubmitBody, response: { 200: answers.detail } } },
      async (request) => ok(await submitTemplate(ctx(request), request.body)),
    );

    app.post(
      `${B}/remove`,
      { config: { access: REMOVE }, schema: { querystring: IdsQuery, body: optional(IdsBody), response: { 200: answers.done } } },
      async (request) => {
        await removeTemplateRows(ctx(request), requestIds(request));
        return ok(true);
      },
    );

    app.get(
      `${B}/list-codes`,
      {
        config: { access: PRINTS },
        schema: { querystring: Type.Object({ origin: optional(Type.String({ maxLength: 20 })) }), response: { 200: answers.codes } },
      },
      async (request) => ok(await listCodes(ctx(request), request.query.origin || undefined)),
    );

    app.get(
      `${B}/pdf/fields`,
      {
        config: { access: TEMPLATES },
        schema: {
          querystring: Type.Object({ formCode: optional(Type.String({ maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_]*$' })) }),
          response: { 200: answers.fields },
        },
      },
      async (request) => ok(await printFields(ctx(request), request.query.formCode || undefined)),
    );

    // A link to one printout (origin, code, param as JSON text): the PDF is made when it is opened.
    app.get(
      `${B}/get-preview-url`,
      { config: { access: PRINTS }, schema: { querystring: PreviewUrlQuery, response: { 200: answers.link } } },
      async (request) => {
        const { origin, code, param } = request.query;
        return ok(await previewLink(ctx(request), [{ origin, code, param }]));
      },
    );

    // A link to one PDF holding every printout of the list.
    app.post(
      `${B}/get-preview-urls`,
      {
        config: { access: PRINTS },
        schema: { body: optional(Type.Union([PrintItemsBody, Type.Null()])), response: { 200: answers.link } },
      },
      async (request) => ok(await previewLink(ctx(request), itemsOf(request.body))),
    );

    app.get(
      `${B}/create-qr-code2`,
      {
        config: { access: PRINTS },
        schema: { querystring: Type.Object({ content: optional(Type.String({ maxLength: 4000 })) }), response: { 200: answers.qr } },
      },
      async (request) => ok(await qrCodeDataUrl(request.query.content ?? '')),
    );
  };
