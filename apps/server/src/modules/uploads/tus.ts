import fsp from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server, type Upload } from '@tus/server';
import type { FastifyInstance } from 'fastify';
import { Errors } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { isAppError } from '../../lib/errors.js';
import { decide } from '../../policies/policy.js';
import { uploadsPolicy } from '../../policies/uploads.policy.js';
import { HEAD_BYTES } from './file-type.js';
import { maxUploadBytes, type UploadService } from './upload.service.js';

/** Where the resumable protocol is mounted (docs/api.md "Resumable uploads"). */
export const TUS_PATH = '/api/oss/tus';
/** Unfinished resumable uploads are dropped after a day. */
const EXPIRE_MS = 24 * 3600 * 1000;
const OWNER = 'parleyOwner';

type TusError = { status_code: number; body: string };
const envelope = (code: number, msg: string, data: unknown = null) => JSON.stringify({ code, msg, data });
const refuse = (status: number, code: number, msg: string): TusError => ({
  status_code: status,
  body: envelope(code, msg),
});

/**
 * Resumable uploads with the tus 1.0 protocol (@tus/server, FileStore under `uploads/.tus`). Every
 * request carries the bearer token; an upload belongs to whoever created it. When the last byte
 * arrives, the file goes through the same checks and storage as POST /oss/upload, and the final
 * PATCH answers the `UploadResult` envelope as its body.
 */
export async function registerTus(app: FastifyInstance, ctx: AppContext, uploads: UploadService) {
  const limits = uploads.limits;
  const directory = path.resolve(ctx.config.dataDir, 'uploads', '.tus');
  await fsp.mkdir(directory, { recursive: true });
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: EXPIRE_MS });

  const caller = async (req: Request): Promise<number> => {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
    if (!m) throw refuse(401, Errors.unauthorized.code, Errors.unauthorized.msg);
    try {
      return (await app.resolveSession(m[1]!)).userId;
    } catch (err) {
      if (isAppError(err)) throw refuse(err.status, err.code, err.message);
      throw err;
    }
  };

  const server = new Server({
    path: TUS_PATH,
    datastore: store,
    relativeLocation: true,
    // Cross-origin callers only from CORS_ORIGINS (tus answers `*` by default); same-origin needs none.
    allowedOrigins: (origin: string) => ctx.config.corsOrigins.includes(origin),
    maxSize: maxUploadBytes(ctx.config.uploadMaxBytes),
    async onIncomingRequest(req, id) {
      const userId = await caller(req);
      if (req.method === 'POST' || req.method === 'OPTIONS' || !id) return;
      // Someone else's upload answers like a missing one (uploads policy `upload.resume`).
      const upload = await store.getUpload(id).catch(() => null);
      const owner = upload?.metadata?.[OWNER];
      const facts = { upload: owner ? { ownerId: Number(owner), kind: 'resumable' } : undefined };
      const decision = decide(uploadsPolicy, 'upload.resume', { userId }, facts);
      if (decision !== true) throw refuse(404, Errors[decision].code, Errors[decision].msg);
      if (req.method === 'PATCH') await limits.resumable.touch(id, ctx.clock.now());
    },
    async onUploadCreate(req, upload) {
      const userId = await caller(req);
      try {
        // The rate, the open-upload cap and the quota (for the declared length, else the largest).
        const length = upload.size ?? maxUploadBytes(ctx.config.uploadMaxBytes);
        await limits.opening(userId, length);
        await limits.resumable.open(upload.id, userId, length, ctx.clock.now());
      } catch (err) {
        if (isAppError(err)) throw refuse(err.status, err.code, err.message);
        throw err;
      }
      return { metadata: { ...upload.metadata, [OWNER]: String(userId) } };
    },
    async onUploadFinish(_req, upload: Upload) {
      const userId = Number(upload.metadata?.[OWNER]);
      const file = path.join(directory, upload.id);
      try {
        // No longer open: the stored file counts toward the quota instead.
        await limits.resumable.close(upload.id);
        const fd = await fsp.open(file, 'r');
        const head = Buffer.alloc(HEAD_BYTES);
        const { bytesRead } = await fd.read(head, 0, HEAD_BYTES, 0).finally(() => fd.close());
        const result = await uploads.store(
          userId,
          {
            tmpPath: file,
            filename: upload.metadata?.filename ?? upload.metadata?.name ?? '',
            size: upload.offset,
            head: head.subarray(0, bytesRead),
          },
          upload.metadata?.type === 'image' ? 'image' : 'any',
        );
        return {
          status_code: 200,
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: envelope(200, '上传成功', result),
        };
      } catch (err) {
        if (isAppError(err)) throw refuse(err.status, err.code, err.message);
        throw err;
      } finally {
        await fsp.rm(file, { force: true });
        await fsp.rm(`${file}.json`, { force: true });
      }
    },
    onResponseError(_req, err) {
      if ('status_code' in err && err.status_code === 413)
        return refuse(413, Errors.fileTooLarge.code, Errors.fileTooLarge.msg);
      return undefined;
    },
  });

  // tus bodies are raw bytes the tus server reads itself.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
  const handle = async (
    request: { raw: import('node:http').IncomingMessage },
    reply: { hijack(): void; raw: import('node:http').ServerResponse },
  ) => {
    reply.hijack();
    await server.handle(request.raw, reply.raw);
  };
  server.on(EVENTS.POST_TERMINATE, (_req, _res, id: string) => {
    void limits.resumable.close(id).catch((err: unknown) => ctx.log.warn({ err, id }, 'tus: close failed'));
  });
  // Resumable uploads idle for UPLOAD_STALE_MS go every ten minutes (the file store's own expiry,
  // a day after creation, stays as a backstop).
  const sweepStale = () => limits.sweep((id) => store.remove(id));
  const sweep = setInterval(() => {
    void sweepStale().catch((err: unknown) => ctx.log.warn({ err }, 'tus: stale sweep failed'));
    void server.cleanUpExpiredUploads().catch(() => {});
  }, 600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  app.all(TUS_PATH, handle);
  app.all(`${TUS_PATH}/*`, handle);
  return { server, sweepStale };
}
