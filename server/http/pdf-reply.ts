import { Type } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';

/** The 200 answer's schema of a route that answers with sendPdf. */
export const PdfBytes = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' });

/** A printed PDF as the answer: application/pdf, shown inline, its name RFC 5987-encoded, never cached. */
export function sendPdf(reply: FastifyReply, file: { bytes: Uint8Array; fileName: string }) {
  return reply
    .type('application/pdf')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `inline; filename="print.pdf"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .send(Buffer.from(file.bytes));
}
