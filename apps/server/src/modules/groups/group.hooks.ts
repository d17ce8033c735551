import type { GroupTip } from '@parley/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { DomainHooks } from '../../lib/domain-hooks.js';
import type { UserRepo } from '../users/user.repo.js';

/**
 * In-process hooks of the groups module, run inside the use case's transaction. `tip` carries the
 * group tip of every change (joins, quits, removals, role changes, profile changes, mutes,
 * dissolution) as data, for the module that keeps the group's conversation to store it.
 */
export interface GroupHookMap {
  tip: { groupId: number; tip: GroupTip; at: number };
  /** A member pinned (or unpinned) the group (`setTop`): the group's conversation pins with it. */
  pinned: { groupId: number; userId: number; pinned: boolean; at: number };
}

/** The groups module's hooks (lib/domain-hooks.ts). */
export class GroupHooks extends DomainHooks<GroupHookMap> {
  constructor(log: FastifyBaseLogger) {
    super(log, 'group');
  }
}

type Person = { wt_id: string; nick_name: string };
const who = (p: Person | undefined) => ({ userID: p?.wt_id ?? '', nick: p?.nick_name ?? '' });

/** Builds a tip from users already loaded by the use case. */
export function tipOf(
  operationType: GroupTip['operationType'],
  groupNumber: string,
  operator: Person | undefined,
  members: Person[],
  extra: Pick<GroupTip, 'muteTime' | 'newGroupProfile'> = {},
): GroupTip {
  return { operationType, groupNumber, operatorInfo: who(operator), memberList: members.map(who), ...extra };
}

/** Emits a group's tip inside the use case, loading the named users in one query. */
export class GroupTips {
  constructor(
    readonly hooks: GroupHooks,
    private readonly users: UserRepo,
    private readonly now: () => number,
  ) {}

  async emit(
    uow: UnitOfWork,
    group: { id: number; group_number: string },
    operationType: GroupTip['operationType'],
    operatorId: number,
    memberIds: number[],
    extra: Pick<GroupTip, 'muteTime' | 'newGroupProfile'> = {},
  ): Promise<void> {
    const people = await this.users.in(uow).byIds([operatorId, ...memberIds]);
    const byId = new Map(people.map((p) => [Number(p.id), p]));
    const tip = tipOf(
      operationType,
      group.group_number,
      byId.get(operatorId),
      memberIds.map((id) => byId.get(id)).filter((p) => p !== undefined),
      extra,
    );
    await this.hooks.emit('tip', { groupId: group.id, tip, at: this.now() }, uow);
  }
}
