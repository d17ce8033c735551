import type { MemberStatus } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { Limiter } from '../../lib/rate-limiter.js';
import { UserRepo, type UserRow } from '../users/user.repo.js';
import { toUserInfo } from '../users/user.presenter.js';
import { hashMemberCode, issueMemberCodes, looksLikeMemberCode } from './member-code.js';
import { redeemed, type Membership } from './membership-rules.js';
import { MembershipRepo } from './membership.repo.js';

/** Wrong codes are counted per user over this window (MEMBER_REDEEM_FAILURES of them, then 25012). */
export const REDEEM_WINDOW_MS = 15 * 60_000;
/** Lapsed memberships ended per sweep query. */
const SWEEP_BATCH = 500;

export const membershipOf = (row: Pick<UserRow, 'vip_type' | 'vip_level' | 'vip_until'>): Membership => ({
  vipType: Number(row.vip_type),
  vipLevel: Number(row.vip_level),
  until: Number(row.vip_until),
});

const statusOf = (m: Membership): MemberStatus => ({
  vipType: m.vipType,
  vipLevel: m.vipLevel,
  vipUntil: m.until,
});

/**
 * Membership codes (docs/api.md "Membership"): an operator issues single-use codes
 * (`parley member codes`), a user redeems one for a level and a number of days; memberships end at
 * their end (the sweeper, and any read of the user's own status before it runs). Each change
 * reaches the user's tabs as `user.updated`, which moves the sidebar badge.
 */
export class MembershipService {
  private readonly repo: MembershipRepo;
  private readonly users: UserRepo;
  private readonly failures: Limiter;

  constructor(private readonly ctx: AppContext) {
    this.repo = new MembershipRepo(ctx.db);
    this.users = new UserRepo(ctx.db);
    this.failures = ctx.limiters('member-redeem-fail', ctx.config.memberRedeemFailures, REDEEM_WINDOW_MS);
  }

  /** Operator: `count` new codes of `level` for `days` each, printed once (only their hashes are kept). */
  async createCodes(level: number, days: number, count: number): Promise<string[]> {
    return issueMemberCodes(this.repo, level, days, count, this.ctx.clock.now());
  }

  async redeem(userId: number, code: string): Promise<MemberStatus> {
    const key = String(userId);
    if (await this.failures.blocked(key)) throw fail('memberRedeemLocked');
    const hash = hashMemberCode(code);
    const now = this.ctx.clock.now();
    const status =
      looksLikeMemberCode(code) &&
      (await this.ctx.uow.run(async (uow) => {
        const claimed = await this.repo.in(uow).claim(hash, userId, now);
        if (!claimed) return null;
        const users = this.users.in(uow);
        const user = await users.byId(userId);
        if (!user) throw fail('userNotFound');
        const next = redeemed(membershipOf(user), claimed, now);
        await this.repo.in(uow).setMembership(userId, next, now);
        uow.emit([userId], 'user.updated', toUserInfo((await users.byId(userId))!));
        return statusOf(next);
      }));
    if (status) return status;
    await this.failures.hit(key);
    throw fail(
      looksLikeMemberCode(code) && (await this.repo.exists(hash)) ? 'memberCodeUsed' : 'memberCodeInvalid',
    );
  }

  /** Ends the user's membership if its end has passed (tells their tabs); true when it did. */
  async lapseIfEnded(userId: number): Promise<boolean> {
    return this.ctx.uow.run(async (uow) => {
      if (!(await this.repo.in(uow).lapse(userId, this.ctx.clock.now()))) return false;
      const user = await this.users.in(uow).byId(userId);
      if (user) uow.emit([userId], 'user.updated', toUserInfo(user));
      return true;
    });
  }

  /** Ends every membership whose end has passed; how many. */
  async sweep(): Promise<number> {
    let ended = 0;
    for (;;) {
      const ids = await this.repo.lapsed(this.ctx.clock.now(), SWEEP_BATCH);
      for (const id of ids) if (await this.lapseIfEnded(id)) ended++;
      if (ids.length < SWEEP_BATCH) return ended;
    }
  }
}
