import type { FastifyInstance } from 'fastify';
import { Errors, ErrorDetails } from '@parley/protocol';
import { fail, isAppError, refusal } from '../../lib/errors.js';
import { requestLanguage } from '../../lib/language.js';
import type { DomainHandlers } from '../../lib/route.js';
import { INLINE_KINDS } from './file-type.js';
import type { UploadIntent, UploadService } from './upload.service.js';
import type { UploadKind } from '@parley/protocol';

/** Errors of the multipart parser or of a request body cut short (as opposed to our own failures). */
function isBrokenMultipart(err: unknown): boolean {
  if (isAppError(err)) return false;
  const e = err as { code?: string; message?: string };
  return (
    e.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /boundary|multipart|premature|unexpected end|part terminated/i.test(e.message ?? '')
  );
}

/** RFC 2046 allows a multipart boundary of 1 to 70 characters (the parser fails on very long ones). */
const MAX_BOUNDARY_LENGTH = 70;

/** The `boundary` parameter of a Content-Type header, unquoted, or undefined. */
function boundaryOf(contentType: string | undefined): string | undefined {
  const m = contentType ? /;\s*boundary\s*=\s*(?:"([^"]*)"|([^\s;]*))/i.exec(contentType) : null;
  return m ? (m[1] ?? m[2]) : undefined;
}

/** The optional `type` field sent before the file: 'image' insists on an image (4004 otherwise). */
function intentOf(fields: Record<string, unknown>): UploadIntent {
  const f = fields.type as { type?: string; value?: unknown } | undefined;
  return f?.type === 'field' && f.value === 'image' ? 'image' : 'any';
}

/** Handlers of the `uploads` routes of the contract: POST /oss/upload (multipart field `file`). */
export function uploadHandlers(uploads: UploadService): DomainHandlers<'uploads'> {
  return {
    upload: async (r) => {
      const missing = () => fail('uploadMissing', undefined, { field: 'file' });
      if (!r.raw.isMultipart()) throw missing();
      const boundary = boundaryOf(r.raw.headers['content-type']);
      if (boundary !== undefined && boundary.length > MAX_BOUNDARY_LENGTH)
        throw fail('badRequest', ErrorDetails.multipartBoundaryTooLong, { field: 'boundary' });
      try {
        const part = await r.raw.file();
        if (!part) throw missing();
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw missing();
        }
        return await uploads.upload(
          r.userId,
          { filename: part.filename, stream: part.file },
          intentOf(part.fields),
        );
      } catch (err) {
        // A broken multipart body (no boundary, cut short) is the client's fault, not a 500.
        if (isBrokenMultipart(err))
          throw fail('badRequest', ErrorDetails.uploadIncomplete, { field: 'file' });
        throw err;
      }
    },
  };
}

/**
 * `bytes=a-b` / `bytes=a-` / `bytes=-n` of a file of `total` bytes (one range only): the range, or
 * 'unsatisfiable' when it is well formed but starts past the end (or asks for no byte), else
 * undefined (no header, or one to ignore: the whole file is answered).
 */
export function parseRange(
  header: string | undefined,
  total: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    return suffix === 0 || total === 0
      ? 'unsatisfiable'
      : { start: Math.max(0, total - suffix), end: total - 1 };
  }
  const start = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < start) return undefined;
  if (start >= total) return 'unsatisfiable';
  return { start, end: m[2] === '' ? total - 1 : Math.min(Number(m[2]), total - 1) };
}

/** RFC 6266 attachment header keeping a non-ASCII name. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * GET /api/oss/files/{key}: public (image tags send no token; keys are 128-bit random), immutable
 * caching, the detected content type, nosniff and a sandboxing CSP. Images, videos and sounds are
 * inline; every other file is an attachment (so no HTML or SVG ever renders from this origin).
 * Single byte ranges are answered (video seeking). Not an envelope route: it answers the bytes.
 */
export function registerFileRoute(app: FastifyInstance, uploads: UploadService): void {
  app.get<{ Params: { key: string } }>('/api/oss/files/:key', async (request, reply) => {
    const head = await uploads.open(request.params.key);
    if (!head)
      return reply
        .status(404)
        .send({ code: Errors.fileMissing.code, msg: Errors.fileMissing.msg, data: null });
    const range = parseRange(request.headers.range, head.total);
    if (range === 'unsatisfiable') {
      head.stream.destroy();
      return reply
        .status(416)
        .header('Content-Range', `bytes */${head.total}`)
        .send(refusal(Errors.rangeNotSatisfiable, await requestLanguage(request)));
    }
    const file = range ? await uploads.open(request.params.key, range) : head;
    if (range) head.stream.destroy();
    if (!file)
      return reply
        .status(404)
        .send({ code: Errors.fileMissing.code, msg: Errors.fileMissing.msg, data: null });
    const inline = INLINE_KINDS.has(file.row.kind as UploadKind);
    const etag = `"${file.row.key}"`;
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', inline ? 'inline' : attachment(file.row.name))
      .header('Accept-Ranges', 'bytes')
      .header('Cross-Origin-Resource-Policy', 'same-site');
    if (request.headers['if-none-match'] === etag) {
      file.stream.destroy();
      return reply.status(304).send();
    }
    if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${file.total}`);
    return reply
      .type(inline ? file.row.mime : 'application/octet-stream')
      .header('Content-Length', String(file.size))
      .send(file.stream);
  });
}
