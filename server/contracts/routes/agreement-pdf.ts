// The printed agreement (spec 001 line 123, /api/blade-resource/generate-pdf/protocol-service?id=):
// the link get-agreement-url answers, opened in the PDF viewer by the sign dialog's 打印签约; and
// the resident's informed consent (written-consent?id=). The
// caller must be allowed to read contracts; the contract is the tenant's (404 otherwise).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { PdfBytes, sendPdf } from '../../http/pdf-reply';
import { Id } from '../../http/route-schemas';
import { renderPdf } from '../../printing/index';
import { findAttachment } from '../../resource/index';
import { agreementContent } from '../services/agreement';
import { agreementDocument, consentDocument } from '../services/agreement-print';
import { contractOf } from '../services/contracts';
import { CONTRACT_ACCESS, contractCtx } from './user-contracts';

export const agreementPdfRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    // protocol-service: the agreement; written-consent: the resident's informed consent. Both with
    // the resident's signature image once there is one.
    const printed =
      (document: typeof agreementDocument) => async (request: FastifyRequest<{ Querystring: { id: string } }>, reply: FastifyReply) => {
        const ctx = contractCtx(deps, request);
        const row = await contractOf(ctx, request.query.id);
        const content = await agreementContent(ctx, row.id);
        const signature = row.autograph_id ? await findAttachment(ctx.db, row.autograph_id) : undefined;
        const png = signature?.content_type === 'image/png' ? new Uint8Array(signature.content) : undefined;
        const doc = document(content, png);
        return sendPdf(reply, { bytes: await renderPdf(doc), fileName: `${doc.title}-${content.partyA.name}.pdf` });
      };
    const options = {
      config: { access: CONTRACT_ACCESS.read },
      schema: { querystring: Type.Object({ id: Id }), response: { 200: PdfBytes } },
    };
    app.get('/blade-resource/generate-pdf/protocol-service', options, printed(agreementDocument));
    app.get('/blade-resource/generate-pdf/written-consent', options, printed(consentDocument));
  };
