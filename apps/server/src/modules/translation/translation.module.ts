import type { AppContext } from '../../lib/context.js';
import type { UploadService } from '../uploads/upload.service.js';
import { createProviders } from './providers/index.js';
import { translationHandlers } from './translation.routes.js';
import { TranslationService, type RecordingLoader } from './translation.service.js';

/**
 * Translation and voice to text: the configured providers (none by default), the service and its
 * routes. Recordings are read from this server's uploads only (a URL elsewhere is never fetched).
 */
export function createTranslationModule(ctx: AppContext, uploads: UploadService) {
  const load: RecordingLoader = async (url, maxBytes) => {
    const row = await uploads.byUrl(url);
    if (!row) return 'missing';
    if (Number(row.size) > maxBytes) return 'tooLarge';
    const file = await uploads.open(row.key);
    if (!file) return 'missing';
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return { bytes: Buffer.concat(chunks), mime: row.mime, fileName: row.key };
  };
  const service = new TranslationService(ctx, createProviders(ctx.config, ctx.log), load);
  return { service, handlers: translationHandlers(service) };
}
