import type { MemberInfo } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { BlacklistService } from '../friends/blacklist.service.js';
import { isMember } from '../membership/membership-rules.js';
import { membershipOf } from '../membership/membership.service.js';
import type { UserRepo } from '../users/user.repo.js';
import { dayOf, type CallMeter } from './call-meter.js';
import { callableTarget } from './call-target.js';
import { UsageRepo } from './usage.repo.js';

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
 * The client's side of the daily call limit (/media/*): a caller opens a record when an outgoing call
 * connects, reports it every 60 s and closes it at the end. The answers (limit reached or not, the
 * used seconds) are the server's own meter (call-meter.ts); opening a record follows the same rules
 * as placing the call.
 */
export class UsageService {
  private readonly records: UsageRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly users: UserRepo,
    private readonly blacklist: BlacklistService,
    readonly meter: CallMeter,
  ) {
    this.records = new UsageRepo(ctx.db);
  }

  limitReached(userId: number): Promise<boolean> {
    return this.meter.limitReached(userId);
  }

  async check(userId: number): Promise<0 | 1> {
    return (await this.limitReached(userId)) ? 1 : 0;
  }

  async start(userId: number, acceptWtId: string, callType: number): Promise<{ callId: number }> {
    const peer = await callableTarget(this.users, this.blacklist, userId, acceptWtId);
    if (await this.limitReached(userId)) throw fail('callLimitReached');
    const now = this.ctx.clock.now();
    const id = await this.records.open({ userId, peerId: peer.id, callType, day: dayOf(now), now });
    return { callId: id };
  }

  /** The 60 s report: records the client's figure; 1 when the server's meter says the limit is reached. */
  async upload(userId: number, callId: number, end = false): Promise<0 | 1> {
    const row = await this.records.openOf(userId, callId);
    if (!row) throw fail('callRecordNotFound');
    const now = this.ctx.clock.now();
    await this.records.report(row.id, Math.max(0, Math.floor((now - row.startedAt) / 1000)), now, end);
    return end ? 0 : this.check(userId);
  }

  /** Operator action (parley member grant): makes a user a member of `level` (0 revokes). */
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
      usedSeconds: await this.meter.usedToday(userId),
      limitSeconds: this.ctx.config.callDailyLimitSeconds,
      plans: PLANS,
    };
  }
}
