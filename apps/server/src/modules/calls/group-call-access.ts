import type { GroupCallRecord } from '@parley/protocol';
import { callsPolicy } from '../../policies/calls.policy.js';
import { authorize } from '../../policies/policy.js';
import type { UserRepo } from '../users/user.repo.js';
import type { CallMembersRepo } from './call-members.repo.js';
import { toGroupRecord } from './call.presenter.js';
import type { CallRepo, CallRow } from './call.repo.js';
import type { CallActor } from './call-actor.js';
import { loadGroupCallFacts, type FactRepos } from './group-call-facts.js';

/**
 * The read side of group calls, each answer behind the calls policy: the join banner's record, the
 * facts `call.act` checks on a group call, and who may send media into its SFU room.
 */
export class GroupCallAccess {
  constructor(
    private readonly calls: CallRepo,
    private readonly members: CallMembersRepo,
    private readonly users: UserRepo,
    private readonly repos: FactRepos,
  ) {}

  /** Facts for `call.act` / `call.media` on a group call: its people and their connections. */
  async memberFacts(row: CallRow) {
    const people = await this.members.ofCall(row.id);
    return people.map((m) => ({ userId: m.user_id, state: m.state, conn: m.conn }));
  }

  /** The group's ongoing call for the join banner (members only). */
  async info(userId: number, groupNumber: string): Promise<{ call: GroupCallRecord | null }> {
    const group = await this.repos.groups.byNumber(groupNumber);
    const { facts, call, people } = await loadGroupCallFacts(this.repos, userId, group);
    authorize(callsPolicy, 'groupCall.view', { userId }, facts);
    if (!call) return { call: null };
    const users = await this.users.byIds(people.map((m) => m.user_id));
    const side = { groupNumber: group!.group_number, members: people };
    return { call: toGroupRecord(call, side, new Map(users.map((u) => [Number(u.id), u]))) };
  }

  /**
   * May the actor's tab use the SFU room of `callId` (the `call.media.*` frames)? Only a joined member
   * of that group call, from the tab holding their part; answers their wtId, the SFU's name for them.
   */
  async mediaAccess(actor: CallActor, callId: string): Promise<{ wtId: string }> {
    const row = await this.calls.byCallId(callId);
    const members = row && row.group_id !== null ? await this.memberFacts(row) : undefined;
    authorize(callsPolicy, 'call.media', actor, {
      call: row && {
        callerId: row.caller_id,
        calleeId: row.callee_id,
        callerConn: row.caller_conn,
        calleeConn: row.callee_conn,
      },
      connectionId: actor.connectionId,
      members,
    });
    const me = await this.users.byId(actor.userId);
    return { wtId: me?.wt_id ?? '' };
  }
}
