import type { GroupCallFacts, InviteeFacts } from '../../policies/calls.policy.js';
import { GroupStatus } from '../../policies/groups.policy.js';
import type { GroupRepo, GroupRow } from '../groups/group.repo.js';
import type { UserRepo } from '../users/user.repo.js';
import type { CallMemberRow, CallMembersRepo } from './call-members.repo.js';

export interface FactRepos {
  groups: GroupRepo;
  members: CallMembersRepo;
  users: UserRepo;
}

/** The group, how the actor stands in it, and its call (with the actor's part) for the policy. */
export async function loadGroupCallFacts(repos: FactRepos, userId: number, group: GroupRow | undefined) {
  const active = group !== undefined && Number(group.status) === GroupStatus.active;
  const isMember = active && (await repos.groups.member(Number(group.id), userId)) !== undefined;
  const call = active ? await repos.members.ofGroup(Number(group.id)) : undefined;
  const people = call ? await repos.members.ofCall(call.id) : [];
  const mine = people.find((m) => m.user_id === userId);
  const facts: GroupCallFacts = {
    groupActive: active,
    isMember,
    call: call && {
      status: call.status as 'ringing' | 'connected',
      isCaller: call.caller_id === userId,
      myState: mine?.state ?? null,
      joined: people.filter((m) => m.state === 'joined').length,
    },
  };
  return { facts, call, people };
}

/** Who an invitation names (oneself and duplicates left out), as facts for the policy, and their ids. */
export async function loadInviteeFacts(
  repos: FactRepos,
  userId: number,
  group: GroupRow | undefined,
  wtIds: string[],
  people: CallMemberRow[],
) {
  const unique = [...new Set(wtIds.map((w) => w.toLowerCase()))];
  const found = await repos.users.byWtIds(unique);
  const others = found.filter((u) => Number(u.id) !== userId).map((u) => Number(u.id));
  const inGroup = group ? await repos.groups.membersAmong(Number(group.id), others) : [];
  const live = people.filter((m) => m.state === 'ringing' || m.state === 'joined');
  const facts: InviteeFacts = {
    count: unique.length - (found.length - others.length),
    outsider: found.length < unique.length || inGroup.length < others.length,
    alreadyIn: live.some((m) => others.includes(m.user_id)),
    live: live.length,
  };
  return { ids: others, facts };
}
