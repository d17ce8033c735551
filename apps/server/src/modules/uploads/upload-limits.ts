import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { Limiter } from '../../lib/rate-limiter.js';
import { ResumableRepo } from './resumable.repo.js';

/**
 * Per-user upload limits (docs/api.md "Limits"): UPLOADS_PER_MINUTE files started a minute (counted
 * in Redis when REDIS_URL is set), UPLOAD_OPEN_MAX unfinished resumable uploads at once, and a
 * storage quota of UPLOAD_QUOTA_BYTES over the user's stored files and open resumable uploads.
 * Resumable uploads idle for UPLOAD_STALE_MS are removed by `sweep`.
 */
export class UploadLimits {
  private readonly rate: Limiter;
  readonly resumable: ResumableRepo;

  constructor(private readonly ctx: AppContext) {
    this.rate = ctx.limiters('upload', ctx.config.limits.uploadsPerMinute, 60_000);
    this.resumable = new ResumableRepo(ctx.db);
  }

  /** One more file started by the user: 429 past the rate. */
  async started(userId: number): Promise<void> {
    if (!(await this.rate.hit(String(userId)))) throw fail('rateLimited');
  }

  /** `bytes` more would fit the user's quota (26003 otherwise). */
  async fits(userId: number, bytes: number): Promise<void> {
    const quota = this.ctx.config.limits.uploadQuotaBytes;
    if (quota > 0 && (await this.resumable.bytesHeld(userId)) + bytes > quota)
      throw fail('uploadQuotaExceeded');
  }

  /** A resumable upload is created: rate, open cap (26004) and quota for its declared length. */
  async opening(userId: number, length: number): Promise<void> {
    await this.started(userId);
    if ((await this.resumable.openCount(userId)) >= this.ctx.config.limits.uploadOpenMax) {
      throw fail('uploadsOpenLimit');
    }
    await this.fits(userId, length);
  }

  /**
   * Removes resumable uploads idle for UPLOAD_STALE_MS (`remove` drops the bytes), a batch at a time;
   * returns how many went.
   */
  async sweep(remove: (id: string) => Promise<void>): Promise<number> {
    const before = this.ctx.clock.now() - this.ctx.config.limits.uploadStaleMs;
    let gone = 0;
    for (;;) {
      const ids = await this.resumable.staleIds(before, 100);
      for (const id of ids) {
        await remove(id).catch((err: unknown) =>
          this.ctx.log.warn({ err, id }, 'stale upload: remove failed'),
        );
        await this.resumable.close(id);
      }
      gone += ids.length;
      if (ids.length < 100) return gone;
    }
  }
}
