import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { S3Storage, s3TempDir } from './s3-storage.js';
import { LocalDiskStorage, type FileStorage } from './storage.js';
import { UploadRepo } from './upload.repo.js';
import { maxUploadBytes, UploadService } from './upload.service.js';
import { registerTus } from './tus.js';
import { registerFileRoute, uploadHandlers } from './uploads.routes.js';

/**
 * Uploads: registers @fastify/multipart (one file per request, at most config.uploadMaxBytes and
 * never above 100 MB), the public file route, resumable (tus) uploads, and answers the envelope
 * routes to register.
 */
export async function createUploadsModule(app: FastifyInstance, ctx: AppContext, storage?: FileStorage) {
  await app.register(multipart, {
    limits: {
      fileSize: maxUploadBytes(ctx.config.uploadMaxBytes),
      files: 1,
      fields: 10,
      parts: 20,
      fieldSize: 4096,
    },
  });
  const files =
    storage ??
    (ctx.config.s3
      ? new S3Storage({ ...ctx.config.s3, tempDir: s3TempDir(ctx.config.dataDir) })
      : new LocalDiskStorage(ctx.config.dataDir));
  const service = new UploadService(ctx, files, new UploadRepo(ctx.db));
  registerFileRoute(app, service);
  const tus = await registerTus(app, ctx, service);
  /** Removes resumable uploads idle for UPLOAD_STALE_MS now (a timer does it every ten minutes). */
  const sweepStaleUploads = tus.sweepStale;
  return { service, storage: files, sweepStaleUploads, handlers: uploadHandlers(service) };
}
export type UploadsModule = Awaited<ReturnType<typeof createUploadsModule>>;
