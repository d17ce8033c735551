import { GroupLimits, Limits, type GroupMember } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import { groupsPolicy, Identity, invitationNeedsApproval } from '../../policies/groups.policy.js';
import { authorize, decide } from '../../policies/policy.js';
import type { UserRow } from '../users/user.repo.js';
import type { GroupAdditions } from './additions.js';
import { CandidatesRepo } from './candidates.repo.js';
import { GroupExtraRepo } from './group-extra.repo.js';
import type { GroupAccess, Loaded } from './group.access.js';
import { announce, type GroupCounters } from './group.events.js';
import type { GroupTips } from './group.hooks.js';
import { toBlackItem, toMember } from './group.presenter.js';
import type { GroupRepo } from './group.repo.js';

type Uow = Parameters<Parameters<AppContext['uow']['run']>[0]>[0];

/** Members: lists, invitations, removal, admins, mutes and the group's blacklist. */
export class MembersService {
  constructor(
    private readonly ctx: AppContext,
    private readonly groups: GroupRepo,
    private readonly access: GroupAccess,
    private readonly counters: GroupCounters,
    private readonly tips: GroupTips,
    private readonly additions: GroupAdditions,
  ) {}

  private now() {
    return this.ctx.clock.now();
  }

  async page(
    userId: number,
    body: { groupNumber: string; pageNum: number; pageSize: number; keyword?: string },
  ) {
    const { group, facts } = await this.access.require('group.view', userId, body.groupNumber);
    const { rows, total } = await this.groups.page(group.id, {
      offset: (body.pageNum - 1) * body.pageSize,
      limit: body.pageSize,
      keyword: body.keyword || undefined,
    });
    return { rows: rows.map((m) => toMember(m, this.now(), { userId, facts })), total };
  }

  async one(userId: number, groupNumber: string, wtId: string): Promise<GroupMember> {
    const { group, facts } = await this.access.require('group.view', userId, groupNumber);
    const user = await this.access.users.byWtId(wtId);
    const [view] = user ? await this.groups.viewsOf(group.id, [user.id]) : [];
    if (!view) throw fail('groupMemberNotFound');
    return toMember(view, this.now(), { userId, facts });
  }

  async managers(userId: number, groupNumber: string) {
    const { group, facts } = await this.access.require('group.view', userId, groupNumber);
    return (await this.groups.managers(group.id)).map((m) => toMember(m, this.now(), { userId, facts }));
  }

  async muted(userId: number, groupNumber: string, action: 'group.view' | 'group.manage') {
    const { group, facts } = await this.access.require(action, userId, groupNumber);
    return (await this.groups.muted(group.id, this.now())).map((m) =>
      toMember(m, this.now(), { userId, facts }),
    );
  }

  /** Friends of the caller to invite (with whether each is already in). */
  async candidatesAdd(userId: number, groupNumber: string) {
    const { group } = await this.access.require('member.invite', userId, groupNumber);
    const rows = await new CandidatesRepo(this.ctx.db).friendsFor(userId, group.id);
    return rows.map((r) => ({
      userID: r.wt_id,
      wtId: r.wt_id,
      nickname: r.nick_name,
      avatar: r.avatar,
      inGroup: (r.member_id === null ? 0 : 1) as 0 | 1,
    }));
  }

  /** Members the caller may remove (an admin: ordinary members; the owner: everyone else). */
  async candidatesRemove(userId: number, groupNumber: string) {
    const { group, facts } = await this.access.require('group.manage', userId, groupNumber);
    const { rows } = await this.groups.page(group.id, { offset: 0, limit: GroupLimits.memberPageMax * 50 });
    return rows.map((m) => toMember(m, this.now(), { userId, facts })).filter((m) => m.can.manage);
  }

  /**
   * Invites users. Managers (and members while inviteSwitch is 0) add them at once; an ordinary
   * member's invitations wait for a manager while inviteSwitch is 1. Blacklisted users are refused.
   */
  async invite(userId: number, groupNumber: string, wtIds: string[]) {
    const users = (await this.access.usersByWtIds(wtIds)).filter((u) => u.id !== userId && u.status === 0);
    // Checked before counting: someone who may not invite at all spends nothing.
    await this.access.require('member.invite', userId, groupNumber);
    const { consent } = await this.additions.sort(userId, users);
    const asked = new Set(consent.map((u) => u.id));
    return this.ctx.uow.run(async (uow) => {
      const loaded = await this.access.require('member.invite', userId, groupNumber, uow);
      const { group, me } = loaded;
      const groups = this.groups.in(uow);
      const extra = new GroupExtraRepo(uow.db);
      const existing = new Set(
        (
          await groups.membersAmong(
            group.id,
            users.map((u) => u.id),
          )
        ).map((m) => Number(m.user_id)),
      );
      const fresh = users.filter((u) => !existing.has(u.id));
      for (const u of fresh) {
        const blacklisted = await extra.blacklisted(group.id, u.id);
        authorize(
          groupsPolicy,
          'group.invited',
          { userId },
          { ...loaded.facts, blacklisted, level: u.vip_level },
        );
      }
      // Not the inviter's friends: they join only if they accept (their acceptance may then wait for
      // a manager, as below).
      const invited = fresh.filter((u) => asked.has(u.id));
      await this.additions.invite(uow, group.id, invited, userId, this.now());
      const friends = fresh.filter((u) => !asked.has(u.id));
      const names = (list: UserRow[]) => list.map((u) => u.wt_id);
      if (invitationNeedsApproval(Number(me!.identity), Number(group.invite_switch))) {
        await this.queueInvitations(uow, group.id, friends, userId);
        const managers = (await groups.managers(group.id)).map((m) => Number(m.user_id));
        this.counters.pushAfter(uow, managers);
        return { joined: [], pending: names(friends), invited: names(invited) };
      }
      if (Number(group.member_count) + friends.length > GroupLimits.maxMembers) throw fail('groupFull');
      await this.addMembers(uow, group, friends, 2, userId);
      return { joined: names(friends), pending: [], invited: names(invited) };
    });
  }

  async queueInvitations(uow: Uow, groupId: number, users: UserRow[], inviterId: number) {
    const extra = new GroupExtraRepo(uow.db);
    const now = this.now();
    for (const u of users) {
      const pending = await extra.pendingOf(groupId, u.id);
      if (pending) await extra.renewApplication(pending.id, '', 2, inviterId, now);
      else
        await extra.insertApplication({
          group_id: groupId,
          user_id: u.id,
          inviter_id: inviterId,
          join_type: 2,
          message: '',
          status: 0,
          handler_id: null,
          self_read: 1,
          created_at: now,
          updated_at: now,
        });
    }
  }

  /** Adds members (inside the caller's unit of work): rows, count, notices, pending closed, type 5. */
  async addMembers(
    uow: Uow,
    group: Loaded['group'],
    users: UserRow[],
    joinType: number,
    inviterId: number | null,
  ): Promise<void> {
    if (users.length === 0) return;
    const now = this.now();
    const groups = this.groups.in(uow);
    const extra = new GroupExtraRepo(uow.db);
    await groups.addMembers(
      users.map((u) => ({
        group_id: group.id,
        user_id: u.id,
        identity: Identity.member,
        group_nickname: '',
        name_remark: '',
        mute_until: 0,
        join_type: joinType,
        inviter_id: inviterId,
        top_status: 0,
        last_send_at: 0,
        created_at: now,
      })),
    );
    await groups.adjustCounts(group.id, users.length, 0);
    await extra.closePending(
      group.id,
      users.map((u) => u.id),
    );
    if (inviterId !== null) {
      await extra.notify(
        users.map((u) => u.id),
        group.id,
        'invited',
        inviterId,
        now,
      );
      this.counters.pushAfter(
        uow,
        users.map((u) => u.id),
      );
    }
    await this.tips.emit(
      uow,
      group,
      1,
      inviterId ?? users[0]!.id,
      users.map((u) => u.id),
    );
    await announce(uow, group, 'joined');
  }

  /** Loads the named users and checks the caller outranks each (member.manage / member.black). */
  private async targets(
    uow: Uow,
    loaded: Loaded,
    userId: number,
    wtIds: string[],
    action: 'member.manage' | 'member.black',
  ) {
    const users = await this.access.usersByWtIds(wtIds, uow);
    const facts = [];
    for (const u of users) {
      const f = await this.access.target(loaded, u, uow);
      authorize(groupsPolicy, action, { userId }, f);
      facts.push(f.target!);
    }
    return { users, facts };
  }

  async remove(userId: number, groupNumber: string, wtIds: string[]): Promise<null> {
    await this.ctx.uow.run(async (uow) => {
      const loaded = await this.access.require('group.manage', userId, groupNumber, uow);
      const { users, facts } = await this.targets(uow, loaded, userId, wtIds, 'member.manage');
      await this.drop(
        uow,
        loaded,
        users.map((u) => u.id),
        facts.filter((f) => f.identity === Identity.admin).length,
        userId,
      );
    });
    return null;
  }

  private async drop(uow: Uow, loaded: Loaded, ids: number[], admins: number, operatorId: number) {
    const groups = this.groups.in(uow);
    await groups.removeMembers(loaded.group.id, ids);
    await groups.adjustCounts(loaded.group.id, -ids.length, -admins);
    await new GroupExtraRepo(uow.db).notify(ids, loaded.group.id, 'removed', operatorId, this.now());
    this.counters.pushAfter(uow, ids);
    await this.tips.emit(uow, loaded.group, 3, operatorId, ids);
    await announce(uow, loaded.group, 'removed', ids);
  }

  /** The owner makes members admins (identity 2, at most 20) or admins members again (1). */
  async setAdmins(userId: number, groupNumber: string, wtIds: string[], identity: 1 | 2) {
    return this.ctx.uow.run(async (uow) => {
      const loaded = await this.access.require('group.own', userId, groupNumber, uow);
      const users = await this.access.usersByWtIds(wtIds, uow);
      const groups = this.groups.in(uow);
      const rows = await groups.membersAmong(
        loaded.group.id,
        users.map((u) => u.id),
      );
      if (rows.length !== users.length || rows.some((r) => Number(r.identity) === Identity.owner)) {
        throw fail(rows.length !== users.length ? 'groupMemberNotFound' : 'forbidden');
      }
      const changing = rows.filter((r) => Number(r.identity) !== identity).map((r) => Number(r.user_id));
      const delta = identity === Identity.admin ? changing.length : -changing.length;
      if (Number(loaded.group.admin_count) + delta > Limits.admins) throw fail('adminLimit');
      if (changing.length) {
        await groups.updateMembers(loaded.group.id, changing, { identity });
        await groups.adjustCounts(loaded.group.id, 0, delta);
        await new GroupExtraRepo(uow.db).notify(
          changing,
          loaded.group.id,
          identity === 2 ? 'admin' : 'unadmin',
          userId,
          this.now(),
        );
        this.counters.pushAfter(uow, changing);
        await this.tips.emit(uow, loaded.group, identity === 2 ? 4 : 5, userId, changing);
        await announce(uow, loaded.group, 'roles');
      }
      const viewer = { userId, facts: loaded.facts };
      return (await groups.managers(loaded.group.id)).map((m) => toMember(m, this.now(), viewer));
    });
  }

  /** Mutes members for `muteTime` seconds (0 unmutes): the owner anyone, admins ordinary members. */
  async mute(userId: number, groupNumber: string, wtIds: string[], muteTime: number) {
    return this.ctx.uow.run(async (uow) => {
      const loaded = await this.access.require('group.manage', userId, groupNumber, uow);
      const { users } = await this.targets(uow, loaded, userId, wtIds, 'member.manage');
      const ids = users.map((u) => u.id);
      const until = muteTime === 0 ? 0 : this.now() + muteTime * 1000;
      await this.groups.in(uow).updateMembers(loaded.group.id, ids, { mute_until: until });
      await new GroupExtraRepo(uow.db).notify(
        ids,
        loaded.group.id,
        muteTime === 0 ? 'unmuted' : 'muted',
        userId,
        this.now(),
      );
      this.counters.pushAfter(uow, ids);
      await this.tips.emit(uow, loaded.group, 7, userId, ids, { muteTime });
      await announce(uow, loaded.group, 'mute');
      const viewer = { userId, facts: loaded.facts };
      return (await this.groups.in(uow).viewsOf(loaded.group.id, ids)).map((m) =>
        toMember(m, this.now(), viewer),
      );
    });
  }

  async blackList(userId: number, body: { groupNumber: string; pageNum: number; pageSize: number }) {
    const { group } = await this.access.require('group.manage', userId, body.groupNumber);
    const { rows, total } = await new GroupExtraRepo(this.ctx.db).blackPage(
      group.id,
      (body.pageNum - 1) * body.pageSize,
      body.pageSize,
    );
    return { rows: rows.map(toBlackItem), total };
  }

  /** Blacklists users (members among them are removed). */
  async blackAdd(userId: number, groupNumber: string, wtIds: string[]): Promise<null> {
    await this.ctx.uow.run(async (uow) => {
      const loaded = await this.access.require('group.manage', userId, groupNumber, uow);
      const { users, facts } = await this.targets(uow, loaded, userId, wtIds, 'member.black');
      await new GroupExtraRepo(uow.db).blackAdd(
        loaded.group.id,
        users.map((u) => u.id),
        this.now(),
      );
      await new GroupExtraRepo(uow.db).closePending(
        loaded.group.id,
        users.map((u) => u.id),
      );
      const members = facts.filter((f) => f.identity > 0);
      if (members.length) {
        const admins = members.filter((f) => f.identity === Identity.admin).length;
        await this.drop(
          uow,
          loaded,
          members.map((f) => f.userId),
          admins,
          userId,
        );
      }
    });
    return null;
  }

  async blackRemove(userId: number, groupNumber: string, wtIds: string[]): Promise<null> {
    await this.ctx.uow.run(async (uow) => {
      const loaded = await this.access.require('group.manage', userId, groupNumber, uow);
      const users = await this.access.usersByWtIds(wtIds, uow);
      for (const u of users) {
        const d = decide(groupsPolicy, 'member.black', { userId }, await this.access.target(loaded, u, uow));
        if (d !== true) throw fail(d);
      }
      await new GroupExtraRepo(uow.db).blackRemove(
        loaded.group.id,
        users.map((u) => u.id),
      );
    });
    return null;
  }
}
