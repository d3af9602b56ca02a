// The printed agreement (spec 001 line 123, /api/blade-resource/generate-pdf/protocol-service?id=):
// the link get-agreement-url answers, opened in the PDF viewer by the sign dialog's 打印签约. The
// caller must be allowed to read contracts; the contract is the tenant's (404 otherwise).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { PdfBytes, sendPdf } from '../../http/pdf-reply';
import { Id } from '../../http/route-schemas';
import { renderPdf } from '../../printing/index';
import { findAttachment } from '../../resource/index';
import { agreementContent } from '../services/agreement';
import { agreementDocument } from '../services/agreement-print';
import { contractOf } from '../services/contracts';
import { CONTRACT_ACCESS, contractCtx } from './user-contracts';

export const agreementPdfRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/blade-resource/generate-pdf/protocol-service',
      { config: { access: CONTRACT_ACCESS.read }, schema: { querystring: Type.Object({ id: Id }), response: { 200: PdfBytes } } },
      async (request, reply) => {
        const ctx = contractCtx(deps, request);
        const row = await contractOf(ctx, request.query.id);
        const content = await agreementContent(ctx, row.id);
        const signature = row.autograph_id ? await findAttachment(ctx.db, row.autograph_id) : undefined;
        const png = signature?.content_type === 'image/png' ? new Uint8Array(signature.content) : undefined;
        const bytes = await renderPdf(agreementDocument(content, png));
        return sendPdf(reply, { bytes, fileName: `${content.title}-${content.partyA.name}.pdf` });
      },
    );
  };
