import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { Limiter } from '../../lib/rate-limiter.js';
import type { BlacklistService } from '../friends/blacklist.service.js';

/**
 * The calls' abuse limits (docs/api.md "Abuse limits"), one count per rule for one-to-one and group
 * calls alike: the rings a caller starts (`call.invite`, `call.groupCall`, `call.inviteUser`: one
 * each), the rings one person receives from everyone (each person rung counts once), and the group
 * calls joined from the banner, per person and per call. Whoever has the caller in their blacklist is
 * never rung by them (docs/decisions/049-group-rings-and-the-blacklist.md).
 */
export class CallAbuseLimits {
  private readonly ringsOut: Limiter;
  private readonly ringsIn: Limiter;
  private readonly joins: Limiter;
  private readonly joinsPerCall: Limiter;

  constructor(
    ctx: AppContext,
    private readonly blacklist: BlacklistService,
  ) {
    const limits = ctx.config.limits;
    this.ringsOut = ctx.limiters('call-ring-out', limits.callRingsPerMinute, 60_000);
    this.ringsIn = ctx.limiters('call-ring-in', limits.callRingsReceivedPerMinute, 60_000);
    this.joins = ctx.limiters('group-call-join', limits.groupCallJoinsPerMinute, 60_000);
    this.joinsPerCall = ctx.limiters('group-call-join-call', limits.groupCallJoinsPerCallPerMinute, 60_000);
  }

  /** A one-to-one ring: counts for the caller and for the callee; 429 when either is over. */
  async ringOne(callerId: number, calleeId: number): Promise<void> {
    if (!(await this.ringsOut.hit(String(callerId)))) throw fail('rateLimited');
    if (!(await this.ringsIn.hit(String(calleeId)))) throw fail('rateLimited');
  }

  /**
   * A group ring (a start or an invitation) of `ids`: counts once for the caller (429 when over),
   * then leaves out, silently, whoever has the caller in their blacklist and whoever was rung too
   * often this minute; each person left to ring counts once. Returns who rings. When nobody is left:
   * 20007 if everyone named blacklisted the caller (what a one-to-one call to them answers), else 429.
   */
  async ringGroup(callerId: number, ids: number[]): Promise<number[]> {
    if (!(await this.ringsOut.hit(String(callerId)))) throw fail('rateLimited');
    const { blockedBy } = await this.blacklist.relationsAmong(callerId, ids);
    const allowed = ids.filter((id) => !blockedBy.has(id));
    const ring: number[] = [];
    for (const id of allowed) if (await this.ringsIn.hit(String(id))) ring.push(id);
    if (ring.length > 0) return ring;
    throw fail(allowed.length === 0 ? 'blacklisted' : 'rateLimited');
  }

  /** A join from the banner: counts for the person and for the call; 429 when either is over. */
  async join(userId: number, callId: string): Promise<void> {
    if (!(await this.joins.hit(String(userId)))) throw fail('rateLimited');
    if (!(await this.joinsPerCall.hit(callId))) throw fail('rateLimited');
  }
}
