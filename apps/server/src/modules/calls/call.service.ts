import { randomBytes, randomInt } from 'node:crypto';
import { CallAction, CallLimits, type CallInfo, type CallSignalFrame } from '@parley/protocol';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import { callsPolicy } from '../../policies/calls.policy.js';
import { authorize, decide } from '../../policies/policy.js';
import type { BlacklistService } from '../friends/blacklist.service.js';
import { UserRepo, type UserRow } from '../users/user.repo.js';
import { CallAbuseLimits } from './call-abuse.js';
import { postCallCard } from './call-card.js';
import { CallMembersRepo } from './call-members.repo.js';
import { REBIND_AFTER_MS, type CallActor } from './call-actor.js';
import type { CallMeter } from './call-meter.js';
import { callableTarget } from './call-target.js';
import { transition, type CallEvent, type Role } from './call.machine.js';
import { toCall } from './call.presenter.js';
import { CallRepo, type CallRow } from './call.repo.js';
import { GroupCallService } from './group-call.service.js';
import { LimitTimers } from './limit-timers.js';

const newCallId = () => randomBytes(12).toString('base64url');

/**
 * One-to-one call signalling: the server owns each call (table `calls`) and moves it through the
 * state machine (call.machine.ts) in one transaction per step; every step is announced to every tab
 * of both parties (`call.updated`) after the commit, and an ended call leaves a card in the chat.
 */
export class CallService {
  private readonly calls: CallRepo;
  private readonly members: CallMembersRepo;
  private readonly users: UserRepo;
  /** Prompt ends at the limit on this node (the sweeper is the backstop). */
  readonly limitTimers: LimitTimers;
  /** Rings a caller may start and one person may receive, joins; the blacklist for group rings. */
  private readonly abuse: CallAbuseLimits;
  /** Group calls: `act`, `ping` and `current` hand a group call's record to it. */
  readonly group: GroupCallService;

  constructor(
    private readonly ctx: AppContext,
    private readonly blacklist: BlacklistService,
    private readonly meter: CallMeter,
  ) {
    this.calls = new CallRepo(ctx.db);
    this.members = new CallMembersRepo(ctx.db);
    this.users = new UserRepo(ctx.db);
    this.limitTimers = new LimitTimers(ctx.clock);
    this.abuse = new CallAbuseLimits(ctx, blacklist);
    this.group = new GroupCallService(ctx, meter, this.limitTimers, this.abuse);
  }

  private now() {
    return this.ctx.clock.now();
  }

  private async people(row: CallRow, repo = this.users): Promise<UserRow[]> {
    return repo.byIds([row.caller_id, row.callee_id]);
  }

  /** Queues `call.updated` for both parties, each with its own view. */
  private announce(uow: UnitOfWork, row: CallRow, action: number, people: UserRow[], to?: number[]) {
    const byId = new Map(people.map((p) => [p.id, p]));
    for (const userId of to ?? [row.caller_id, row.callee_id]) {
      uow.emit([userId], 'call.updated', { v: CallLimits.version, action, call: toCall(row, userId, byId) });
    }
  }

  private view(row: CallRow, readerId: number, people: UserRow[]): CallInfo {
    return toCall(row, readerId, new Map(people.map((p) => [p.id, p])));
  }

  async invite(actor: CallActor, data: { userID: string; type: 1 | 2; roomID?: number }): Promise<CallInfo> {
    const peer = await callableTarget(this.users, this.blacklist, actor.userId, data.userID);
    if (await this.meter.limitReached(actor.userId)) throw fail('callLimitReached');
    await this.abuse.ringOne(actor.userId, peer.id);
    const now = this.now();
    return this.ctx.uow.run(async (uow) => {
      const calls = this.calls.in(uow);
      const inGroupCall = await this.members.in(uow).busyAmong([actor.userId, peer.id]);
      if ((await calls.activeOf(actor.userId)) || inGroupCall.has(actor.userId)) throw fail('alreadyOnCall');
      const calleeBusy = (await calls.activeOf(peer.id)) !== undefined || inGroupCall.has(peer.id);
      const row = await calls.insert({
        call_id: newCallId(),
        room_id: data.roomID ?? randomInt(1, CallLimits.maxRoomId),
        media_type: data.type,
        caller_id: actor.userId,
        callee_id: peer.id,
        status: calleeBusy ? 'ended' : 'ringing',
        end_reason: calleeBusy ? 'busy' : null,
        caller_conn: actor.connectionId,
        callee_conn: null,
        created_at: now,
        invite_expires_at: now + this.ctx.config.callInviteTimeoutMs,
        connected_at: null,
        ended_at: calleeBusy ? now : null,
        caller_seen_at: now,
        callee_seen_at: now,
      });
      const people = await this.people(row, this.users.in(uow));
      if (calleeBusy) {
        // The busy callee is not disturbed: only the caller hears 'line busy'; both get the card.
        this.announce(uow, row, CallAction.busy, people, [row.caller_id]);
        await postCallCard(uow, row, people, now);
      } else {
        this.announce(uow, row, CallAction.invite, people);
      }
      return this.view(row, actor.userId, people);
    });
  }

  /** A party's state change: cancel, accept, reject, hangup. */
  async act(actor: CallActor, callId: string, event: CallEvent): Promise<CallInfo> {
    const row = await this.load(actor, callId);
    if (row.group_id !== null) return this.group.act(actor, row, event);
    const role: Role = row.caller_id === actor.userId ? 'caller' : 'callee';
    if (event === 'accept' && row.status === 'ringing' && row.invite_expires_at <= this.now()) {
      // Accepting after the timeout: the sweeper may not have run yet; the call is over.
      await this.apply(row, 'timeout', 'server');
      throw fail('callStateChanged');
    }
    if (event === 'accept' && role === 'callee' && row.status === 'ringing') await this.answerable(row);
    return this.apply(row, event, role, actor);
  }

  /**
   * An accept after either party blacklisted the other since the ring began: the call ends for both
   * (the callee's blacklist declines it, the caller's withdraws it) and the accept is refused with
   * whose blacklist it is (policy `call.answer`).
   */
  private async answerable(row: CallRow): Promise<void> {
    const { blocks, blockedBy } = await this.blacklist.relationsAmong(row.callee_id, [row.caller_id]);
    const decision = decide(
      callsPolicy,
      'call.answer',
      { userId: row.callee_id },
      { iBlock: blocks.has(row.caller_id), blocksMe: blockedBy.has(row.caller_id) },
    );
    if (decision === true) return;
    if (decision === 'targetInMyBlacklist') await this.apply(row, 'reject', 'callee');
    else await this.apply(row, 'cancel', 'caller');
    throw fail(decision);
  }

  /** Runs one transition with compare-and-set; posts the card when the call ends. */
  private async apply(row: CallRow, event: CallEvent, role: Role, actor?: CallActor): Promise<CallInfo> {
    const next = transition(row.status as never, event, role);
    if (typeof next === 'string') throw fail(next);
    const now = this.now();
    // Connecting starts the caller's meter: when the day's allowance runs out (null: not limited).
    const limitAt = next.status === 'connected' ? await this.meter.limitAt(row.caller_id, now, now) : null;
    const view = await this.ctx.uow.run(async (uow) => {
      const moved = await this.calls.in(uow).move(row.call_id, row.status, {
        status: next.status,
        end_reason: next.endReason,
        ...(next.status === 'connected'
          ? {
              connected_at: now,
              callee_conn: actor?.connectionId ?? null,
              callee_seen_at: now,
              caller_seen_at: now,
              limit_at: limitAt,
            }
          : {}),
        ...(next.status === 'ended' ? { ended_at: now } : {}),
      });
      if (!moved) throw fail('callStateChanged');
      const people = await this.people(moved, this.users.in(uow));
      this.announce(uow, moved, next.action, people);
      if (moved.status === 'ended') await postCallCard(uow, moved, people, now);
      return this.view(moved, actor?.userId ?? moved.caller_id, people);
    });
    if (next.status === 'ended') this.limitTimers.cancel(row.call_id);
    else if (limitAt !== null) this.scheduleLimit(row.call_id, limitAt);
    return view;
  }

  private scheduleLimit(callId: string, at: number): void {
    this.limitTimers.schedule(callId, at, () => {
      this.enforceLimit(callId).catch((err: unknown) =>
        this.ctx.log.error({ err }, 'call limit check failed'),
      );
    });
  }

  /**
   * A connected call whose caller's allowance may have run out: ends it with `limit` (both parties
   * told; the caller's client shows the membership dialog) when the meter says so; otherwise (the
   * caller became a member meanwhile) moves or clears the due time. True when it ended the call.
   */
  async enforceLimit(callId: string): Promise<boolean> {
    const row = await this.calls.byCallId(callId);
    if (!row || row.status !== 'connected' || row.connected_at === null) return false;
    const now = this.now();
    const due = await this.meter.limitAt(row.caller_id, row.connected_at, now);
    if (due !== null && due <= now) {
      try {
        await this.apply(row, 'limit', 'server');
        return true;
      } catch {
        return false; // a party or another node ended it first
      }
    }
    await this.calls.setLimitAt(callId, due);
    if (due !== null) this.scheduleLimit(callId, due);
    return false;
  }

  private async load(
    actor: CallActor,
    callId: string,
    action: 'call.act' | 'call.ping' = 'call.act',
  ): Promise<CallRow> {
    const row = await this.calls.byCallId(callId);
    const members = row && row.group_id !== null ? await this.group.access.memberFacts(row) : undefined;
    authorize(
      callsPolicy,
      action,
      { userId: actor.userId },
      { call: row && facts(row), connectionId: actor.connectionId, members },
    );
    return row!;
  }

  /**
   * Liveness and state: the holder tab pings while in a call; the answer is the call now. A ping from
   * another tab of the party takes the call over only when the holder has been silent for
   * REBIND_AFTER_MS (the same tab after a socket reconnect has a new connection ID).
   */
  async ping(actor: CallActor, callId: string): Promise<CallInfo> {
    let row = await this.load(actor, callId, 'call.ping');
    if (row.group_id !== null) return this.group.ping(actor, row);
    const side = row.caller_id === actor.userId ? 'caller' : 'callee';
    const holder = side === 'caller' ? row.caller_conn : row.callee_conn;
    const now = this.now();
    if (row.status !== 'ended' && holder === actor.connectionId) await this.calls.touch(callId, side, now);
    else if (row.status !== 'ended' && holder !== null) {
      if (await this.calls.rebind(callId, side, actor.connectionId, now, now - REBIND_AFTER_MS)) {
        row = (await this.calls.byCallId(callId))!;
      }
    }
    return this.view(row, actor.userId, await this.people(row));
  }

  /** Video → audio (either party, connected or ringing); announced to both. */
  async switchToAudio(actor: CallActor, callId: string): Promise<CallInfo> {
    const row = await this.load(actor, callId);
    if (row.status === 'ended' || row.group_id !== null) throw fail('callStateChanged');
    return this.ctx.uow.run(async (uow) => {
      const moved = await this.calls.in(uow).move(callId, row.status, { media_type: 1 });
      if (!moved) throw fail('callStateChanged');
      const people = await this.people(moved, this.users.in(uow));
      this.announce(uow, moved, CallAction.mediaSwitched, people);
      return this.view(moved, actor.userId, people);
    });
  }

  /** Relays SDP or an ICE candidate from the tab holding the call to the other party. */
  async signal(actor: CallActor, data: CallSignalFrame): Promise<null> {
    const row = await this.calls.byCallId(data.callId);
    const members = row && row.group_id !== null ? await this.group.access.memberFacts(row) : undefined;
    authorize(
      callsPolicy,
      'call.signal',
      { userId: actor.userId },
      { call: row && facts(row), connectionId: actor.connectionId, members },
    );
    if (row!.status === 'ended') throw fail('callStateChanged');
    const me = await this.users.byId(actor.userId);
    const to = row!.caller_id === actor.userId ? row!.callee_id : row!.caller_id;
    await this.ctx.realtime.emit([to], 'call.signal', {
      v: CallLimits.version,
      callId: data.callId,
      fromID: me?.wt_id ?? '',
      kind: data.kind,
      ...(data.sdp !== undefined ? { sdp: data.sdp } : {}),
      ...(data.candidate !== undefined ? { candidate: data.candidate } : {}),
    });
    return null;
  }

  /** The user's call that is not over (after a reload or reconnect), or null. */
  async current(userId: number): Promise<{ call: CallInfo | null }> {
    const row = await this.calls.activeOf(userId);
    if (!row) return { call: (await this.group.current(userId)) ?? null };
    return { call: this.view(row, userId, await this.people(row)) };
  }

  /**
   * Ends invitations past their timeout and calls whose party stopped pinging (socket gone beyond
   * the grace period). Every node runs it; compare-and-set makes each end happen once.
   */
  async sweep(): Promise<number> {
    const now = this.now();
    const grace = this.ctx.config.callReconnectGraceMs;
    let ended = 0;
    for (const row of await this.calls.stale(now, grace)) {
      if (row.status === 'connected' && row.limit_at !== null && row.limit_at <= now) {
        if (await this.enforceLimit(row.call_id)) {
          ended += 1;
          continue;
        }
        const silent = Math.min(row.caller_seen_at, row.callee_seen_at) < now - grace;
        if (!silent) continue;
      }
      const event: CallEvent = row.status === 'ringing' && row.invite_expires_at <= now ? 'timeout' : 'drop';
      try {
        await this.apply(row, event, 'server');
        ended += 1;
      } catch {
        // Another node or a party moved it first.
      }
    }
    return ended + (await this.group.sweep());
  }
}

const facts = (row: CallRow) => ({
  callerId: row.caller_id,
  calleeId: row.callee_id,
  callerConn: row.caller_conn,
  calleeConn: row.callee_conn,
  answered: row.connected_at !== null,
});
