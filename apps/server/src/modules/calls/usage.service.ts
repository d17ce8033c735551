import type { MemberInfo } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import { isMember } from '../membership/membership-rules.js';
import { membershipOf } from '../membership/membership.service.js';
import type { UserRepo } from '../users/user.repo.js';

/** The UTC date of `ms` as YYYY-MM-DD: the day a call's time counts towards. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const PLANS: MemberInfo['plans'] = [
  { level: 1, name: '月度会员', months: 1, price: '18.00' },
  { level: 2, name: '季度会员', months: 3, price: '48.00' },
  { level: 3, name: '年度会员', months: 12, price: '168.00' },
];

/** Sets a user's membership: level 1–10 makes a member (vipType 1) without end, 0 revokes. False: no such user. */
export async function grantMembership(users: UserRepo, wtId: string, level: number, now: number) {
  const user = await users.byWtId(wtId);
  if (!user) return false;
  await users.update(user.id, {
    vip_type: level > 0 ? 1 : 0,
    vip_level: level,
    vip_until: 0,
    updated_at: now,
  });
  return true;
}

/**
 * The daily call-time limit (/media/*): a caller records each connected outgoing call, reports it
 * every 60 s while connected, and closes it at the end. Non-members (vipType 0) may have
 * `callDailyLimitSeconds` per UTC day; members are not limited.
 */
export class UsageService {
  constructor(
    private readonly ctx: AppContext,
    private readonly users: UserRepo,
  ) {}

  private get limit() {
    return this.ctx.config.callDailyLimitSeconds;
  }

  async usedToday(userId: number): Promise<number> {
    const now = this.ctx.clock.now();
    const rows = await this.ctx.db
      .selectFrom('call_usage')
      .select(['seconds', 'started_at', 'ended_at'])
      .where('user_id', '=', userId)
      .where('day', '=', dayOf(now))
      .execute();
    let total = 0;
    for (const r of rows) {
      // An open record counts up to now, so a caller that stops reporting is still held to the limit.
      const live = r.ended_at === null ? Math.floor((now - Number(r.started_at)) / 1000) : 0;
      total += Math.max(Number(r.seconds), live);
    }
    return total;
  }

  /** Whether the user has reached today's limit (never for members or with no limit set). */
  async limitReached(userId: number): Promise<boolean> {
    if (this.limit === 0) return false;
    const user = await this.users.byId(userId);
    // A membership counts until its end, even before the sweeper has ended it.
    if (!user || isMember(membershipOf(user), this.ctx.clock.now())) return false;
    return (await this.usedToday(userId)) >= this.limit;
  }

  async check(userId: number): Promise<0 | 1> {
    return (await this.limitReached(userId)) ? 1 : 0;
  }

  async start(userId: number, acceptWtId: string, callType: number): Promise<{ callId: number }> {
    const peer = await this.users.byWtId(acceptWtId);
    if (!peer || peer.id === userId) throw fail('userNotFound');
    if (await this.limitReached(userId)) throw fail('callLimitReached');
    const now = this.ctx.clock.now();
    const row = await this.ctx.db
      .insertInto('call_usage')
      .values({
        user_id: userId,
        peer_id: peer.id,
        call_type: callType,
        day: dayOf(now),
        started_at: now,
        updated_at: now,
        ended_at: null,
        seconds: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { callId: Number(row.id) };
  }

  /** The 60 s report: records the time so far; 1 when the limit is reached (the client hangs up). */
  async upload(userId: number, callId: number, end = false): Promise<0 | 1> {
    const row = await this.ctx.db
      .selectFrom('call_usage')
      .selectAll()
      .where('id', '=', callId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row || row.ended_at !== null) throw fail('callRecordNotFound');
    const now = this.ctx.clock.now();
    await this.ctx.db
      .updateTable('call_usage')
      .set({
        seconds: Math.max(0, Math.floor((now - Number(row.started_at)) / 1000)),
        updated_at: now,
        ...(end ? { ended_at: now } : {}),
      })
      .where('id', '=', callId)
      .execute();
    return end ? 0 : this.check(userId);
  }

  /** Operator action (npm run member:grant): makes a user a member of `level` (0 revokes). */
  grantMembership(wtId: string, level: number): Promise<boolean> {
    return grantMembership(this.users, wtId, level, this.ctx.clock.now());
  }

  async memberInfo(userId: number): Promise<MemberInfo> {
    const user = await this.users.byId(userId);
    const member = user && isMember(membershipOf(user), this.ctx.clock.now());
    return {
      vipType: member ? Number(user.vip_type) : 0,
      vipLevel: member ? Number(user.vip_level) : 0,
      vipUntil: member ? Number(user.vip_until) : 0,
      usedSeconds: await this.usedToday(userId),
      limitSeconds: this.limit,
      plans: PLANS,
    };
  }
}
