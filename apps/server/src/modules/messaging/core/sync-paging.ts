import { MessageLimits, type SyncResult } from '@parley/protocol';
import type { AppContext } from '../../../lib/context.js';
import { fail } from '../../../lib/errors.js';
import type { Limiter } from '../../../lib/rate-limiter.js';
import type { MessageService } from './message.service.js';

/**
 * How a full sync leaves the server (docs/api.md "Sync"): a sync from version 0 (everything the user
 * holds) is counted against FULL_SYNCS_PER_MINUTE, and its first page holds at most
 * SYNC_FIRST_PAGE_CHANGES changes and SYNC_PAGE_BYTES of JSON: a page over it is built again with half
 * the changes (down to one), and `hasMore` brings the rest. Syncs from a later version are pages of
 * `MessageLimits.syncPage` changes, as before.
 */
export class SyncPaging {
  private readonly full: Limiter;

  constructor(
    private readonly ctx: AppContext,
    private readonly messages: MessageService,
  ) {
    this.full = ctx.limiters('sync-full', ctx.config.limits.fullSyncsPerMinute, 60_000);
  }

  /** POST /message/sync and the socket's `message.sync`: 429 past the full-sync budget. */
  async changes(userId: number, since: number, groups?: Record<string, number>): Promise<SyncResult> {
    const result = await this.page(userId, since, groups);
    this.ctx.metrics.sync(result.reset);
    return result;
  }

  private async page(userId: number, since: number, groups?: Record<string, number>): Promise<SyncResult> {
    if (since !== 0) return this.messages.changes(userId, since, groups);
    if (!(await this.full.hit(String(userId)))) throw fail('rateLimited');
    return this.bounded((rows) => this.messages.changes(userId, since, groups, rows));
  }

  /** hello's catch-up; past the full-sync budget hello carries only the version (undefined here). */
  async hello(userId: number, since: number, current: number): Promise<SyncResult | undefined> {
    if (since !== 0) return this.messages.ownChanges(userId, since, current);
    if (!(await this.full.hit(String(userId)))) return undefined;
    return this.bounded((rows) => this.messages.ownChanges(userId, since, current, rows));
  }

  private async bounded(build: (rows: number) => Promise<SyncResult>): Promise<SyncResult> {
    const { syncFirstPageChanges, syncPageBytes: maxBytes } = this.ctx.config.limits;
    let rows = Math.min(syncFirstPageChanges, MessageLimits.syncPage);
    for (;;) {
      const page = await build(rows);
      if (rows <= 1 || Buffer.byteLength(JSON.stringify(page)) <= maxBytes) return page;
      rows = Math.floor(rows / 2);
    }
  }
}
