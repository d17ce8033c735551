import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import { groupsPolicy, type GroupFacts, type TargetFacts } from '../../policies/groups.policy.js';
import { authorize } from '../../policies/policy.js';
import type { UserRepo, UserRow } from '../users/user.repo.js';
import { GroupRepo, type GroupRow, type MemberRow } from './group.repo.js';

type Executor = { db: UnitOfWork['db'] };

export interface Loaded {
  group: GroupRow;
  me: MemberRow | undefined;
  facts: GroupFacts;
}

/** The facts the group rules read, from the group's row and the caller's member row. */
export function groupFacts(group: GroupRow | undefined, me: MemberRow | undefined, now: number): GroupFacts {
  return {
    group: group && {
      status: Number(group.status),
      inviteSwitch: Number(group.invite_switch),
      confirminviteSwitch: Number(group.confirm_invite_switch),
      bannedSwitch: Number(group.banned_switch),
      limitLevel: Number(group.limit_level),
    },
    me: me && { identity: Number(me.identity), muteUntil: Number(me.mute_until) },
    now,
  };
}

/** Group facts for the policy: the group by number and the caller's member row. */
export class GroupAccess {
  constructor(
    private readonly ctx: AppContext,
    private readonly groups: GroupRepo,
    readonly users: UserRepo,
  ) {}

  facts(group: GroupRow | undefined, me: MemberRow | undefined): GroupFacts {
    return groupFacts(group, me, this.ctx.clock.now());
  }

  /** Loads the group and the caller's row (inside `uow` when given, locking the group row there). */
  async load(userId: number, groupNumber: string, uow?: Executor): Promise<Loaded | { group: undefined }> {
    const groups = uow ? this.groups.in(uow) : this.groups;
    const found = await groups.byNumber(groupNumber);
    if (!found) return { group: undefined };
    const group = uow ? ((await groups.lock(found.id)) ?? found) : found;
    const me = await groups.member(group.id, userId);
    return { group, me, facts: this.facts(group, me) };
  }

  /** Loads and authorizes `action` (a rule on GroupFacts); throws its error otherwise. */
  async require(
    action: 'group.view' | 'group.manage' | 'group.own' | 'member.invite' | 'group.quit',
    userId: number,
    groupNumber: string,
    uow?: Executor,
  ): Promise<Loaded> {
    const loaded = await this.load(userId, groupNumber, uow);
    if (!loaded.group) throw fail('groupNotFound');
    authorize(groupsPolicy, action, { userId }, (loaded as Loaded).facts);
    return loaded as Loaded;
  }

  /** Facts about a target user of `group` (identity 0 when not a member). */
  async target(loaded: Loaded, user: UserRow | undefined, uow?: Executor): Promise<TargetFacts> {
    const groups = uow ? this.groups.in(uow) : this.groups;
    const row = user ? await groups.member(loaded.group.id, user.id) : undefined;
    return {
      ...loaded.facts,
      target: user && { userId: user.id, identity: row ? Number(row.identity) : 0 },
    };
  }

  /** The user repo, bound to `uow` inside a use case (SQLite has one connection: never query beside it). */
  usersIn(uow?: Executor): UserRepo {
    return uow ? this.users.in(uow) : this.users;
  }

  /** The named users, in order, refusing unknown wtIds with 10010. */
  async usersByWtIds(wtIds: string[], uow?: Executor): Promise<UserRow[]> {
    const unique = [...new Set(wtIds.map((w) => w.toLowerCase()))];
    const rows = await this.usersIn(uow).byWtIds(unique);
    if (rows.length !== unique.length) throw fail('userNotFound');
    return rows;
  }
}
