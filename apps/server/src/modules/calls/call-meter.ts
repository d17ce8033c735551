import type { AppContext } from '../../lib/context.js';
import { isMember } from '../membership/membership-rules.js';
import { membershipOf } from '../membership/membership.service.js';
import type { UserRepo } from '../users/user.repo.js';
import { CallMembersRepo } from './call-members.repo.js';
import type { CallRepo } from './call.repo.js';

const DAY_MS = 24 * 3600_000;

/** The UTC date of `ms` as YYYY-MM-DD: the day a call's time counts towards. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Midnight UTC of the day of `ms`. */
const dayStart = (ms: number) => ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);

/**
 * The server's own meter of the daily call time, read from the call records (`calls`): a caller's
 * connected outgoing calls count from connected to ended (a call still connected counts up to now),
 * each on the UTC day it connected; in group calls, everyone's own time joined while the call was
 * connected counts (`call_members`), on the UTC day they first joined it. Non-members have `callDailyLimitSeconds` a day; members (until
 * their membership ends) and a limit of 0 are unlimited. What a client reports (/media/uploadCall) plays no part.
 */
export class CallMeter {
  private readonly members: CallMembersRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly users: UserRepo,
    private readonly calls: CallRepo,
  ) {
    this.members = new CallMembersRepo(ctx.db);
  }

  private get limitSeconds() {
    return this.ctx.config.callDailyLimitSeconds;
  }

  /** Seconds the user's outgoing calls that connected on the UTC day of `day` have been connected, as of `now`. */
  async usedOn(userId: number, day: number, now: number): Promise<number> {
    const from = dayStart(day);
    let ms = 0;
    for (const span of await this.calls.connectedSpans(userId, from, from + DAY_MS)) {
      ms += Math.max(0, (span.end ?? now) - span.start);
    }
    for (const part of await this.members.meteredSpans(userId, from, from + DAY_MS)) {
      ms += part.closedMs + (part.openSince === null ? 0 : Math.max(0, now - part.openSince));
    }
    return Math.floor(ms / 1000);
  }

  usedToday(userId: number): Promise<number> {
    const now = this.ctx.clock.now();
    return this.usedOn(userId, now, now);
  }

  /**
   * Whether the user's calls are limited at `now`: false when no limit is configured; for a member,
   * the end of the membership (0: none), when the limit applies again; true for a non-member.
   */
  private async limitedAt(userId: number, now: number): Promise<boolean | number> {
    if (this.limitSeconds === 0) return false;
    const user = await this.users.byId(userId);
    if (!user) return false;
    const membership = membershipOf(user);
    if (!isMember(membership, now)) return true;
    return membership.until === 0 ? false : membership.until;
  }

  async limitReached(userId: number): Promise<boolean> {
    const now = this.ctx.clock.now();
    if ((await this.limitedAt(userId, now)) !== true) return false;
    return (await this.usedToday(userId)) >= this.limitSeconds;
  }

  /**
   * When a call of `callerId` (or a group-call part of that user) that connected at `connectedAt` must be looked at again, as seen at
   * `now`: when it uses up the allowance of that day, or when the caller's membership ends; null
   * when the caller is not limited.
   */
  async limitAt(callerId: number, connectedAt: number, now: number): Promise<number | null> {
    const limited = await this.limitedAt(callerId, now);
    if (limited === false) return null;
    if (limited !== true) return limited;
    const used = await this.usedOn(callerId, connectedAt, now);
    return now + Math.max(0, this.limitSeconds - used) * 1000;
  }
}
