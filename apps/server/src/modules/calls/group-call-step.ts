import { CallAction, CallLimits, type CallInfo } from '@parley/protocol';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { fail } from '../../lib/errors.js';
import { groupConversationId } from '../messaging/core/conversation-id.js';
import type { GroupRow } from '../groups/group.repo.js';
import { UserRepo, type UserRow } from '../users/user.repo.js';
import { CallMembersRepo, type CallMemberRow } from './call-members.repo.js';
import { memberTransition, transition, type CallEvent, type MemberStatus } from './call.machine.js';
import { toCall, toGroupRecord } from './call.presenter.js';
import { CallRepo, type CallRow } from './call.repo.js';
import { postGroupCallCard } from './call-card.js';

/** One person's change in a step: who, what happened, and who did it (themself or the server). */
export interface MemberChange {
  userId: number;
  event: CallEvent;
  role: 'member' | 'server';
  /** The connection that takes the part (joining, accepting). */
  conn?: string;
  /** Who invited them (invitations). */
  invitedBy?: number;
}

/** What a step did, for the caller's answer and the follow-up on this node (limit timers). */
export interface StepResult {
  call: CallRow;
  members: CallMemberRow[];
  /** Members whose metered span began (their allowance is looked at after the commit). */
  started: number[];
  /** Members whose metered span ended (their limit timer goes). */
  stopped: number[];
  people: Map<number, UserRow>;
}

const LIVE = new Set(['ringing', 'joined']);

/**
 * Applies members' changes to a group call inside `uow`, in order, each by the machine's member table
 * with compare-and-set; then moves the call record by its members (connected when a second person is
 * joined; ended when nobody is joined any more, or, before it connected, when no ring is left), closes
 * metered spans, announces every change to everyone in the call (`call.updated` with the member's
 * userID), tells the group's members who is on the call (`call.group` on its topic), and posts the card
 * when the call ends.
 */
export async function stepGroupCall(
  uow: UnitOfWork,
  callRow: CallRow,
  group: GroupRow,
  changes: MemberChange[],
  now: number,
  inviteTimeoutMs: number,
): Promise<StepResult> {
  const membersRepo = new CallMembersRepo(uow.db);
  const callsRepo = new CallRepo(uow.db);
  let members = await membersRepo.ofCall(callRow.id);
  let call = callRow;
  const started: number[] = [];
  const stopped: number[] = [];
  const announced: { userId: number; action: number }[] = [];

  for (const change of changes) {
    const current = members.find((m) => m.user_id === change.userId);
    const next = memberTransition((current?.state ?? 'none') as MemberStatus, change.event, change.role);
    if (typeof next === 'string') throw fail(next);
    const joining = next.state === 'joined';
    const leaving = current?.state === 'joined' && !joining;
    const metering = joining && call.status === 'connected';
    const closed = leaving && current?.joined_at != null ? now - current.joined_at : 0;
    const set = {
      state: next.state,
      updated_at: now,
      ...(joining ? { conn: change.conn ?? null, seen_at: now } : {}),
      ...(metering ? { joined_at: now, metered_from: current?.metered_from ?? now } : {}),
      ...(leaving
        ? { joined_at: null, limit_at: null, metered_ms: (current?.metered_ms ?? 0) + closed }
        : {}),
      ...(next.state === 'ringing'
        ? { invited_at: now, invite_expires_at: now + inviteTimeoutMs, invited_by: change.invitedBy ?? null }
        : {}),
    };
    if (current) {
      if (!(await membersRepo.move(call.id, change.userId, current.state, set)))
        throw fail('callStateChanged');
    } else {
      await membersRepo.insert([
        {
          call_id: call.id,
          user_id: change.userId,
          invited_at: now,
          invite_expires_at: now + inviteTimeoutMs,
          seen_at: now,
          invited_by: change.invitedBy ?? null,
          conn: null,
          joined_at: null,
          metered_from: null,
          limit_at: null,
          ...set,
        },
      ]);
    }
    if (metering) started.push(change.userId);
    if (leaving) stopped.push(change.userId);
    members = await membersRepo.ofCall(call.id);
    announced.push({ userId: change.userId, action: next.action });
  }

  const joined = members.filter((m) => m.state === 'joined');
  const ringing = members.filter((m) => m.state === 'ringing');
  const last = changes[changes.length - 1];
  if (call.status === 'ringing' && joined.length >= 2) {
    // The second person is in: the call connects and everyone joined starts being metered.
    const moved = transition('ringing', 'accept', 'callee');
    if (typeof moved === 'string') throw fail(moved);
    call = await moveCall(callsRepo, call, { status: moved.status, connected_at: now });
    for (const m of joined) {
      if (m.joined_at !== null) continue;
      await membersRepo.move(call.id, m.user_id, 'joined', {
        joined_at: now,
        metered_from: m.metered_from ?? now,
      });
      started.push(m.user_id);
    }
  } else if (
    joined.length === 0 ||
    (call.status === 'ringing' && ringing.length === 0 && joined.length <= 1)
  ) {
    // The last person left, or nobody answered: the call ends; rings still going are withdrawn.
    const reason = endReason(call, last, members);
    for (const m of ringing) {
      await membersRepo.move(call.id, m.user_id, 'ringing', { state: 'canceled', updated_at: now });
    }
    for (const m of joined) {
      // Alone before anyone answered: the caller's part ends with the call.
      await membersRepo.move(call.id, m.user_id, 'joined', { state: 'left', updated_at: now });
    }
    call = await moveCall(callsRepo, call, { status: 'ended', end_reason: reason, ended_at: now });
  }
  members = await membersRepo.ofCall(call.id);

  const ids = [...new Set([call.caller_id, ...members.map((m) => m.user_id)])];
  const rows = await new UserRepo(uow.db).byIds(ids);
  const people = new Map(rows.map((p) => [Number(p.id), p]));
  const side = { groupNumber: group.group_number, members };
  const audience = new Set(members.filter((m) => LIVE.has(m.state)).map((m) => m.user_id));
  for (const a of announced) audience.add(a.userId);
  if (call.status === 'ended') for (const m of members) if (m.state !== 'busy') audience.add(m.user_id);
  for (const a of announced) {
    // The caller hears '{users} in busy'; a busy invitee is not disturbed.
    const to = a.action === CallAction.busy ? [call.caller_id] : [...audience];
    for (const userId of to) {
      uow.emit([userId], 'call.updated', {
        v: CallLimits.version,
        action: call.status === 'ended' && a === announced[announced.length - 1] ? endAction(call) : a.action,
        call: toCall(call, userId, people, side),
        userID: people.get(a.userId)?.wt_id ?? '',
      });
    }
  }
  uow.emit({ topic: groupConversationId(group.group_number) }, 'call.group', {
    groupID: group.group_number,
    call: toGroupRecord(call, side, people),
  });
  if (call.status === 'ended') await postGroupCallCard(uow, call, group, members, people, now);
  return { call, members, started, stopped, people };
}

/** The call as `readerId` sees it after a step. */
export function viewOf(result: StepResult, readerId: number, group: GroupRow): CallInfo {
  return toCall(result.call, readerId, result.people, {
    groupNumber: group.group_number,
    members: result.members,
  });
}

async function moveCall(
  repo: CallRepo,
  call: CallRow,
  set: Parameters<CallRepo['move']>[2],
): Promise<CallRow> {
  const moved = await repo.move(call.call_id, call.status, set);
  if (!moved) throw fail('callStateChanged');
  return moved;
}

/** Why a group call ended: hung up once connected; before that, the caller's cancel or the answers. */
function endReason(call: CallRow, last: MemberChange | undefined, members: CallMemberRow[]): string {
  if (call.status === 'connected')
    return last?.event === 'drop' ? 'dropped' : last?.event === 'limit' ? 'limit' : 'hangup';
  if (last?.userId === call.caller_id) return 'cancel';
  const answers = members.filter((m) => m.user_id !== call.caller_id).map((m) => m.state);
  if (answers.every((s) => s === 'busy')) return 'busy';
  if (answers.includes('rejected')) return 'reject';
  return 'timeout';
}

/** The action announced with the change that ended the call. */
function endAction(call: CallRow): number {
  const byReason: Record<string, number> = {
    cancel: CallAction.cancel,
    reject: CallAction.reject,
    timeout: CallAction.timeout,
    busy: CallAction.busy,
    hangup: CallAction.hangup,
    dropped: CallAction.dropped,
    limit: CallAction.limit,
  };
  return byReason[call.end_reason ?? ''] ?? CallAction.hangup;
}
