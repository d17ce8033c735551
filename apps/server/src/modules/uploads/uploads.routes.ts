import type { FastifyInstance } from 'fastify';
import { Errors } from '@parley/protocol';
import { fail, isAppError } from '../../lib/errors.js';
import type { DomainHandlers } from '../../lib/route.js';
import type { UploadService } from './upload.service.js';

/** Errors of the multipart parser or of a request body cut short (as opposed to our own failures). */
function isBrokenMultipart(err: unknown): boolean {
  if (isAppError(err)) return false;
  const e = err as { code?: string; message?: string };
  return (
    e.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /boundary|multipart|premature|unexpected end|part terminated/i.test(e.message ?? '')
  );
}

/** Handlers of the `uploads` routes of the contract: POST /oss/upload (multipart field `file`). */
export function uploadHandlers(uploads: UploadService): DomainHandlers<'uploads'> {
  return {
    upload: async (r) => {
      const missing = () => fail('uploadMissing', `file: ${Errors.uploadMissing.msg}`);
      if (!r.raw.isMultipart()) throw missing();
      try {
        const part = await r.raw.file();
        if (!part) throw missing();
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw missing();
        }
        return await uploads.upload(r.userId, { filename: part.filename, stream: part.file });
      } catch (err) {
        // A broken multipart body (no boundary, cut short) is the client's fault, not a 500.
        if (isBrokenMultipart(err)) throw fail('badRequest', 'file: 上传数据不完整，请重试');
        throw err;
      }
    },
  };
}

/**
 * GET /api/oss/files/{key}: public (image tags send no token; keys are 128-bit random), immutable
 * caching, the detected content type and nosniff. Not an envelope route: it answers the bytes.
 */
export function registerFileRoute(app: FastifyInstance, uploads: UploadService): void {
  app.get<{ Params: { key: string } }>('/api/oss/files/:key', async (request, reply) => {
    const file = await uploads.open(request.params.key);
    if (!file)
      return reply
        .status(404)
        .send({ code: Errors.fileMissing.code, msg: Errors.fileMissing.msg, data: null });
    const etag = `"${file.row.key}"`;
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', 'inline')
      .header('Cross-Origin-Resource-Policy', 'same-site');
    if (request.headers['if-none-match'] === etag) {
      file.stream.destroy();
      return reply.status(304).send();
    }
    return reply.type(file.row.mime).header('Content-Length', String(file.size)).send(file.stream);
  });
}
