import { randomBytes, randomInt } from 'node:crypto';
import {
  CallLimits,
  type CallInfo,
  type GroupCallFrame,
  type InviteUserFrame,
  type JoinInGroupCallFrame,
} from '@parley/protocol';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import { callsPolicy } from '../../policies/calls.policy.js';
import { authorize } from '../../policies/policy.js';
import { GroupRepo, type GroupRow } from '../groups/group.repo.js';
import { UserRepo } from '../users/user.repo.js';
import { CallMembersRepo } from './call-members.repo.js';
import type { CallAbuseLimits } from './call-abuse.js';
import type { CallMeter } from './call-meter.js';
import type { CallEvent } from './call.machine.js';
import { CallRepo, type CallRow } from './call.repo.js';
import { GroupCallAccess } from './group-call-access.js';
import { loadGroupCallFacts, loadInviteeFacts, type FactRepos } from './group-call-facts.js';
import { tellMedia, type GroupCallMedia } from './group-call-media.js';
import { stepGroupCall, viewOf, type MemberChange, type StepResult } from './group-call-step.js';
import type { LimitTimers } from './limit-timers.js';
import { REBIND_AFTER_MS, type CallActor } from './call-actor.js';

const newCallId = () => randomBytes(12).toString('base64url');
const timerKey = (callId: string, userId: number) => `${callId}:${userId}`;

/**
 * Group calls (docs/calls.md "Group calls"): a call record in `calls` with the group's id, and each
 * person's part in `call_members`, moved by the call machine's member table (group-call-step.ts).
 * One call per group; only current members of the group take part, and leaving the group leaves the
 * call. Each non-member's connected time counts towards their own daily allowance and ends their part
 * at the limit, as for one-to-one callers. Rings and joins are counted, and a ring leaves out whoever
 * blacklisted the inviter (call-abuse.ts).
 */
export class GroupCallService {
  private readonly calls: CallRepo;
  private readonly members: CallMembersRepo;
  private readonly groups: GroupRepo;
  private readonly users: UserRepo;
  private readonly repos: FactRepos;

  /** Read-side checks: the join banner's record, who may act on or send media into a call. */
  readonly access: GroupCallAccess;

  /** The SFU side of the calls: a member's media leaves with them, a room closes with its call. */
  media: GroupCallMedia | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly meter: CallMeter,
    private readonly limitTimers: LimitTimers,
    private readonly abuse: CallAbuseLimits,
  ) {
    this.calls = new CallRepo(ctx.db);
    this.members = new CallMembersRepo(ctx.db);
    this.groups = new GroupRepo(ctx.db);
    this.users = new UserRepo(ctx.db);
    this.repos = { groups: this.groups, members: this.members, users: this.users };
    this.access = new GroupCallAccess(this.calls, this.members, this.users, this.repos);
  }

  private now() {
    return this.ctx.clock.now();
  }

  /** Whether the user is on a call other than `callRowId` (one-to-one or group). */
  private async busyElsewhere(userId: number, callRowId?: number): Promise<boolean> {
    if (await this.calls.activeOf(userId)) return true;
    const group = await this.members.activeOf(userId);
    return group !== undefined && group.id !== callRowId;
  }

  /** Invitations for `ids`: ringing, or busy for those on another call (they are not disturbed). */
  private async inviteChanges(
    uow: UnitOfWork,
    ids: number[],
    by: number,
    callRowId: number,
  ): Promise<MemberChange[]> {
    const busyGroup = await this.members.in(uow).busyAmong(ids);
    const calls = this.calls.in(uow);
    const out: MemberChange[] = [];
    for (const userId of ids) {
      const inOther = busyGroup.has(userId) || (await calls.activeOf(userId)) !== undefined;
      const mine = inOther && (await this.members.in(uow).activeOf(userId))?.id === callRowId;
      out.push({ userId, event: inOther && !mine ? 'busy' : 'invite', role: 'server', invitedBy: by });
    }
    return out;
  }

  private run(group: GroupRow, fn: (uow: UnitOfWork) => Promise<{ row: CallRow; changes: MemberChange[] }>) {
    return this.ctx.uow.run(async (uow) => {
      await this.groups.in(uow).lock(Number(group.id));
      const { row, changes } = await fn(uow);
      return stepGroupCall(uow, row, group, changes, this.now(), this.ctx.config.callInviteTimeoutMs);
    });
  }

  /** `call.groupCall`: starts the group's call, the caller joined and the named members ringing. */
  async start(actor: CallActor, data: GroupCallFrame): Promise<CallInfo> {
    const group = await this.groups.byNumber(data.groupID);
    const { facts, people } = await loadGroupCallFacts(this.repos, actor.userId, group);
    const invited = await loadInviteeFacts(this.repos, actor.userId, group, data.userIDList, people);
    authorize(callsPolicy, 'groupCall.start', actor, { ...facts, invitees: invited.facts });
    if (await this.busyElsewhere(actor.userId)) throw fail('alreadyOnCall');
    if (await this.meter.limitReached(actor.userId)) throw fail('callLimitReached');
    const ring = await this.abuse.ringGroup(actor.userId, invited.ids);
    const now = this.now();
    const result = await this.run(group!, async (uow) => {
      if (await this.members.in(uow).ofGroup(Number(group!.id))) throw fail('groupCallExists');
      const row = await this.calls.in(uow).insert({
        call_id: newCallId(),
        room_id: data.roomID ?? randomInt(1, CallLimits.maxRoomId),
        media_type: data.type,
        caller_id: actor.userId,
        callee_id: actor.userId,
        group_id: Number(group!.id),
        status: 'ringing',
        end_reason: null,
        caller_conn: actor.connectionId,
        callee_conn: null,
        created_at: now,
        invite_expires_at: now + this.ctx.config.callInviteTimeoutMs,
        connected_at: null,
        ended_at: null,
        caller_seen_at: now,
        callee_seen_at: now,
      });
      const me: MemberChange = {
        userId: actor.userId,
        event: 'join',
        role: 'member',
        conn: actor.connectionId,
      };
      return { row, changes: [me, ...(await this.inviteChanges(uow, ring, actor.userId, row.id))] };
    });
    return this.after(result, actor.userId, group!);
  }

  /** `call.joinInGroupCall`: a member joins the group's ongoing call from the banner. */
  async join(actor: CallActor, data: JoinInGroupCallFrame): Promise<CallInfo> {
    const group = await this.groups.byNumber(data.groupID);
    const { facts, call } = await loadGroupCallFacts(this.repos, actor.userId, group);
    authorize(callsPolicy, 'groupCall.join', actor, { ...facts, roomMatches: call?.room_id === data.roomID });
    if (await this.busyElsewhere(actor.userId, call!.id)) throw fail('alreadyOnCall');
    if (await this.meter.limitReached(actor.userId)) throw fail('callLimitReached');
    await this.abuse.join(actor.userId, call!.call_id);
    const event: CallEvent = facts.call!.myState === 'ringing' ? 'accept' : 'join';
    const result = await this.run(group!, async (uow) => {
      const row = await this.members.in(uow).ofGroup(Number(group!.id));
      if (!row || row.id !== call!.id) throw fail('groupCallNotFound');
      const joined = (await this.members.in(uow).ofCall(row.id)).filter((m) => m.state === 'joined');
      if (joined.length >= CallLimits.groupMax) throw fail('groupCallFull');
      return { row, changes: [{ userId: actor.userId, event, role: 'member', conn: actor.connectionId }] };
    });
    return this.after(result, actor.userId, group!);
  }

  /** `call.inviteUser`: more members invited into the call (while ringing only by the caller). */
  async invite(actor: CallActor, data: InviteUserFrame): Promise<CallInfo> {
    const row = await this.calls.byCallId(data.callId);
    if (!row || row.group_id === null) throw fail('callNotFound');
    const group = await this.groups.byId(row.group_id);
    const { facts, call, people } = await loadGroupCallFacts(this.repos, actor.userId, group);
    const sameCall = call !== undefined && call.id === row.id;
    const invited = await loadInviteeFacts(
      this.repos,
      actor.userId,
      group,
      data.userIDList,
      sameCall ? people : [],
    );
    authorize(callsPolicy, 'groupCall.invite', actor, {
      ...facts,
      call: sameCall ? facts.call : undefined,
      invitees: invited.facts,
    });
    const ring = await this.abuse.ringGroup(actor.userId, invited.ids);
    const result = await this.run(group!, async (uow) => {
      const fresh = await this.members.in(uow).ofGroup(Number(group!.id));
      if (!fresh || fresh.id !== row.id) throw fail('callStateChanged');
      const live = (await this.members.in(uow).ofCall(fresh.id)).filter(
        (m) => m.state === 'joined' || m.state === 'ringing',
      );
      if (live.length + ring.length > CallLimits.groupMax) throw fail('groupCallFull');
      return { row: fresh, changes: await this.inviteChanges(uow, ring, actor.userId, fresh.id) };
    });
    return this.after(result, actor.userId, group!);
  }

  /** A person's own change (accept, reject, hangup; cancel is the caller's hangup). */
  async act(actor: CallActor, row: CallRow, event: CallEvent): Promise<CallInfo> {
    const group = (await this.groups.byId(row.group_id!))!;
    const people = await this.members.ofCall(row.id);
    const mine = people.find((m) => m.user_id === actor.userId)!;
    const now = this.now();
    if (event === 'accept' && mine.state === 'ringing') {
      if (mine.invite_expires_at <= now) {
        await this.apply(row, group, [{ userId: actor.userId, event: 'timeout', role: 'server' }]);
        throw fail('callStateChanged');
      }
      if (await this.busyElsewhere(actor.userId, row.id)) throw fail('alreadyOnCall');
      if (await this.meter.limitReached(actor.userId)) throw fail('callLimitReached');
    }
    const change: MemberChange = {
      userId: actor.userId,
      event: event === 'cancel' ? 'hangup' : event,
      role: 'member',
      conn: actor.connectionId,
    };
    const result = await this.apply(row, group, [change]);
    return viewOf(result, actor.userId, group);
  }

  private async apply(row: CallRow, group: GroupRow, changes: MemberChange[]): Promise<StepResult> {
    const result = await this.run(group, async (uow) => {
      const fresh = await this.calls.in(uow).byCallId(row.call_id);
      if (!fresh || fresh.status === 'ended') throw fail('callStateChanged');
      return { row: fresh, changes };
    });
    await this.afterStep(result);
    return result;
  }

  private async after(result: StepResult, readerId: number, group: GroupRow): Promise<CallInfo> {
    await this.afterStep(result);
    return viewOf(result, readerId, group);
  }

  /**
   * After a step's commit, on this node: limit timers set for members now metered and gone for those
   * who stopped; the SFU drops who left and closes the room of a call that ended.
   */
  private async afterStep(result: StepResult): Promise<void> {
    const callId = result.call.call_id;
    for (const userId of result.stopped) this.limitTimers.cancel(timerKey(callId, userId));
    if (this.media) tellMedia(this.media, result, this.ctx.log);
    const now = this.now();
    for (const userId of result.started) {
      const due = await this.meter.limitAt(userId, now, now);
      await this.members.setLimitAt(result.call.id, userId, due);
      if (due !== null) this.scheduleLimit(callId, userId, due);
    }
  }

  private scheduleLimit(callId: string, userId: number, at: number): void {
    this.limitTimers.schedule(timerKey(callId, userId), at, () => {
      this.enforceLimit(callId, userId).catch((err: unknown) =>
        this.ctx.log.error({ err }, 'group call limit check failed'),
      );
    });
  }

  /** A joined member whose allowance may have run out: their part ends as `limit`, or the due time moves. */
  async enforceLimit(callId: string, userId: number): Promise<boolean> {
    const row = await this.calls.byCallId(callId);
    if (!row || row.status !== 'connected' || row.group_id === null) return false;
    const mine = (await this.members.ofCall(row.id)).find((m) => m.user_id === userId);
    if (!mine || mine.state !== 'joined' || mine.metered_from === null) return false;
    const now = this.now();
    const due = await this.meter.limitAt(userId, mine.metered_from, now);
    if (due !== null && due <= now) {
      try {
        await this.apply(row, (await this.groups.byId(row.group_id))!, [
          { userId, event: 'limit', role: 'server' },
        ]);
        return true;
      } catch {
        return false; // they left, or another node ended it first
      }
    }
    await this.members.setLimitAt(row.id, userId, due);
    if (due !== null) this.scheduleLimit(callId, userId, due);
    return false;
  }

  /** Liveness of a person's part; another tab takes a joined part over once its holder is silent. */
  async ping(actor: CallActor, row: CallRow): Promise<CallInfo> {
    const group = (await this.groups.byId(row.group_id!))!;
    let people = await this.members.ofCall(row.id);
    const mine = people.find((m) => m.user_id === actor.userId);
    const now = this.now();
    if (row.status !== 'ended' && mine?.state === 'joined') {
      if (mine.conn === actor.connectionId) await this.members.touch(row.id, actor.userId, now);
      else if (
        await this.members.rebind(row.id, actor.userId, actor.connectionId, now, now - REBIND_AFTER_MS)
      ) {
        people = await this.members.ofCall(row.id);
      }
    }
    const users = await this.users.byIds([row.caller_id, ...people.map((m) => m.user_id)]);
    const result = {
      call: row,
      members: people,
      started: [],
      stopped: [],
      people: new Map(users.map((u) => [Number(u.id), u])),
    };
    return viewOf(result, actor.userId, group);
  }

  /** The user's group call that is not over, or undefined. */
  async current(userId: number): Promise<CallInfo | undefined> {
    const row = await this.members.activeOf(userId);
    if (!row) return undefined;
    return this.ping({ userId, connectionId: '' }, row);
  }

  /**
   * Members leaving the group (quit, removed; `all` when it is dissolved) leave its call in the same
   * transaction: a ring is withdrawn, a joined part ends; the call ends when nobody is left in it.
   */
  async leftGroup(uow: UnitOfWork, groupId: number, userIds: number[] | 'all'): Promise<void> {
    const row = await this.members.in(uow).ofGroup(groupId);
    if (!row) return;
    const people = await this.members.in(uow).ofCall(row.id);
    const leaving = people.filter(
      (m) =>
        (m.state === 'ringing' || m.state === 'joined') && (userIds === 'all' || userIds.includes(m.user_id)),
    );
    if (leaving.length === 0) return;
    const group = (await this.groups.in(uow).byId(groupId))!;
    const changes = leaving.map((m): MemberChange => ({
      userId: m.user_id,
      event: 'remove',
      role: 'server',
    }));
    const result = await stepGroupCall(
      uow,
      row,
      group,
      changes,
      this.now(),
      this.ctx.config.callInviteTimeoutMs,
    );
    uow.afterCommit(() => {
      for (const userId of result.stopped) this.limitTimers.cancel(timerKey(row.call_id, userId));
      if (this.media) tellMedia(this.media, result, this.ctx.log);
    });
  }

  /** Rings past their timeout, joined members gone silent, and members past their allowance. */
  async sweep(): Promise<number> {
    const now = this.now();
    const grace = this.ctx.config.callReconnectGraceMs;
    let moved = 0;
    for (const m of await this.members.stale(now, grace)) {
      if (m.state === 'joined' && m.limitAt !== null && m.limitAt <= now) {
        if (await this.enforceLimit(m.callId, m.userId)) {
          moved += 1;
          continue;
        }
        if (m.seenAt >= now - grace) continue;
      }
      const row = await this.calls.byCallId(m.callId);
      if (!row || row.group_id === null || row.status === 'ended') continue;
      const event: CallEvent = m.state === 'ringing' ? 'timeout' : 'drop';
      try {
        await this.apply(row, (await this.groups.byId(row.group_id))!, [
          { userId: m.userId, event, role: 'server' },
        ]);
        moved += 1;
      } catch {
        // A person or another node moved it first.
      }
    }
    return moved;
  }
}
