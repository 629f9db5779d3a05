import { XLSX_CONTENT_TYPE, xlsxFile } from '@salary/shared/excel/excel.contract';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/*
 * File downloads (the workbooks, the pay statement PDF): documented as a binary body rather
 * than an envelope, and sent as bytes or a stream that Fastify serializes neither of — hence
 * the plain reply type where the handlers send them.
 */

/** A download's documented answer: a file of this content type. */
export const fileResponse = (description: string, contentType: string, schema: z.ZodType) => ({
  200: { description, content: { [contentType]: { schema } } },
});

/** The documented answer of an .xlsx download. */
export const workbookResponse = (fileName: string) => fileResponse(fileName, XLSX_CONTENT_TYPE, xlsxFile);

/** The headers of a download: its type, the file name it is saved under, and never cached. */
export function downloadHeaders(reply: FastifyReply, contentType: string, fileName: string): FastifyReply {
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store');
}
