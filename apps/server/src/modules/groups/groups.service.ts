import { randomInt } from 'node:crypto';
import type { CreateGroupBody, EditGroupBody, GroupInfo } from '@parley/protocol';
import { GroupLimits } from '@parley/protocol';
import type { Updateable } from 'kysely';
import type { GroupsTable } from '../../db/schema.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import type { AvatarCheck } from '../users/profile.service.js';
import { lookupBudget } from '../users/user.service.js';
import { fail } from '../../lib/errors.js';
import { groupsPolicy, Identity } from '../../policies/groups.policy.js';
import { authorize } from '../../policies/policy.js';
import type { GroupAdditions } from './additions.js';
import { GroupExtraRepo } from './group-extra.repo.js';
import type { GroupAccess } from './group.access.js';
import { announce, type GroupCounters } from './group.events.js';
import type { GroupTips } from './group.hooks.js';
import { toCard, toGroupInfo } from './group.presenter.js';
import { GroupRepo, type GroupRow, type MemberRow } from './group.repo.js';

const PREVIEW = 8;

/** A group's life and profile: create, read, edit, self settings, pin, transfer, quit, dissolve. */
export class GroupsService {
  private readonly lookup: (callerId: number) => Promise<void>;

  constructor(
    private readonly ctx: AppContext,
    private readonly groups: GroupRepo,
    private readonly access: GroupAccess,
    private readonly counters: GroupCounters,
    private readonly tips: GroupTips,
    private readonly isOwnImage: AvatarCheck,
    private readonly additions: GroupAdditions,
  ) {
    this.lookup = lookupBudget(ctx);
  }

  /** A group avatar is an image the caller uploaded here ('' resets to the default). */
  private async checkAvatar(userId: number, url: string | undefined): Promise<void> {
    if (url && !(await this.isOwnImage(userId, url))) {
      throw fail('avatarInvalid', undefined, { field: 'groupAvatar' });
    }
  }

  private now() {
    return this.ctx.clock.now();
  }

  /** The group as `userId` (a member) sees it, read inside `db` when given. */
  async view(
    userId: number,
    group: GroupRow,
    me: MemberRow,
    uow?: { db: UnitOfWork['db'] },
  ): Promise<GroupInfo> {
    const repo = uow ? this.groups.in(uow) : this.groups;
    const fresh = (await repo.byId(group.id)) ?? group;
    const self = (await repo.member(group.id, userId)) ?? me;
    const [{ rows }, people] = await Promise.all([
      repo.page(group.id, { offset: 0, limit: PREVIEW }),
      this.access.usersIn(uow).byIds([userId, Number(fresh.owner_id)]),
    ]);
    const wt = (id: number) => people.find((p) => p.id === id)?.wt_id ?? '';
    return toGroupInfo(fresh, self, wt(userId), wt(Number(fresh.owner_id)), rows, this.now());
  }

  async create(userId: number, body: CreateGroupBody & { wtIds: string[] }): Promise<GroupInfo> {
    const me = await this.access.users.byId(userId);
    if (!me) throw fail('unauthorized');
    await this.checkAvatar(userId, body.groupAvatar);
    await this.additions.creating(userId);
    const named = (await this.access.usersByWtIds(body.wtIds)).filter(
      (u) => u.id !== userId && u.status === 0,
    );
    // Friends join now; anyone else is asked first (a join invitation).
    const { add: invitees, consent } = await this.additions.sort(userId, named);
    if (invitees.length + 1 > GroupLimits.maxMembers) throw fail('groupFull');
    const now = this.now();
    return this.ctx.uow.run(async (uow) => {
      const groups = this.groups.in(uow);
      let number = '';
      for (let i = 0; i < 10 && !number; i++) {
        const candidate = String(randomInt(10_000_000, 99_999_999));
        if (!(await groups.byNumber(candidate))) number = candidate;
      }
      if (!number) throw fail('unknown');
      const group = await groups.insert({
        group_number: number,
        name: body.groupName,
        avatar: body.groupAvatar ?? '',
        notice: body.groupNotice ?? '',
        welcome: '',
        owner_id: userId,
        limit_level: 0,
        confirm_invite_switch: 1,
        invite_switch: 0,
        member_protect_switch: 0,
        banned_switch: 0,
        member_count: 1 + invitees.length,
        admin_count: 0,
        status: 0,
        created_at: now,
        updated_at: now,
      });
      const base = {
        group_id: group.id,
        group_nickname: '',
        name_remark: '',
        mute_until: 0,
        top_status: 0,
        last_send_at: 0,
        created_at: now,
      };
      await groups.addMembers([
        { ...base, user_id: userId, identity: Identity.owner, join_type: 0, inviter_id: null },
        ...invitees.map((u) => ({
          ...base,
          user_id: u.id,
          identity: Identity.member,
          join_type: 2,
          inviter_id: userId,
        })),
      ]);
      await new GroupExtraRepo(uow.db).notify(
        invitees.map((u) => u.id),
        group.id,
        'invited',
        userId,
        now,
      );
      this.counters.pushAfter(
        uow,
        invitees.map((u) => u.id),
      );
      // Also for a group created alone: its conversation starts with the 'create' tip.
      await this.tips.emit(
        uow,
        group,
        1,
        userId,
        invitees.map((u) => u.id),
      );
      await announce(uow, group, 'joined');
      await this.additions.invite(uow, group.id, consent, userId, now);
      const self = (await groups.member(group.id, userId))!;
      return this.view(userId, group, self, uow);
    });
  }

  async list(userId: number, nameLike?: string): Promise<GroupInfo[]> {
    const rows = await this.groups.ofUser(userId, nameLike);
    const people = await this.access.users.byIds([userId, ...rows.map((r) => Number(r.owner_id))]);
    const wt = (id: number) => people.find((p) => p.id === id)?.wt_id ?? '';
    const now = this.now();
    return rows.map((r) => toGroupInfo(r, r.self, wt(userId), wt(Number(r.owner_id)), [], now));
  }

  async info(userId: number, groupNumber: string): Promise<GroupInfo> {
    const { group, me } = await this.access.require('group.view', userId, groupNumber);
    return this.view(userId, group, me!);
  }

  /** The public card (search by number, QR page): any signed-in user, active groups only. */
  async card(userId: number, groupNumber: string) {
    await this.lookup(userId);
    const loaded = await this.access.load(userId, groupNumber);
    if (!loaded.group || Number(loaded.group.status) !== 0) throw fail('groupNotFound');
    return toCard(loaded.group, 'me' in loaded && loaded.me !== undefined);
  }

  async common(userId: number, wtId: string): Promise<GroupInfo[]> {
    await this.lookup(userId);
    const other = await this.access.users.byWtId(wtId);
    if (!other) throw fail('userNotFound');
    return this.listIn(userId, new Set(await this.groups.commonIds(userId, other.id)));
  }

  private async listIn(userId: number, ids: Set<number>): Promise<GroupInfo[]> {
    const rows = (await this.groups.ofUser(userId)).filter((r) => ids.has(Number(r.id)));
    const people = await this.access.users.byIds([userId, ...rows.map((r) => Number(r.owner_id))]);
    const wt = (id: number) => people.find((p) => p.id === id)?.wt_id ?? '';
    return rows.map((r) => toGroupInfo(r, r.self, wt(userId), wt(Number(r.owner_id)), [], this.now()));
  }

  /** Number of active groups both users are in (the friends profile's commonGroupCount). */
  async commonCount(a: number, b: number): Promise<number> {
    return (await this.groups.commonIds(a, b)).length;
  }

  /** Managers edit the profile and switches; only fields given change. */
  async edit(userId: number, body: EditGroupBody & { groupNumber: string }): Promise<GroupInfo> {
    const patch: Updateable<GroupsTable> = {};
    if (body.groupName !== undefined) patch.name = body.groupName;
    if (body.groupAvatar !== undefined) patch.avatar = body.groupAvatar;
    if (body.groupNotice !== undefined) patch.notice = body.groupNotice;
    if (body.inviteSwitch !== undefined) patch.invite_switch = body.inviteSwitch;
    if (body.confirminviteSwitch !== undefined) patch.confirm_invite_switch = body.confirminviteSwitch;
    if (body.memberProtectSwitch !== undefined) patch.member_protect_switch = body.memberProtectSwitch;
    if (body.bannedSwitch !== undefined) patch.banned_switch = body.bannedSwitch;
    if (body.groupAvatar) {
      // Who may edit first (403 before 400), then the image, read outside the unit of work.
      await this.access.require('group.manage', userId, body.groupNumber);
      await this.checkAvatar(userId, body.groupAvatar);
    }
    return this.managed(userId, body.groupNumber, patch);
  }

  setWelcome(userId: number, groupNumber: string, welcome: string) {
    return this.managed(userId, groupNumber, { welcome });
  }

  setJoinLimit(userId: number, groupNumber: string, limitLevel: number) {
    return this.managed(userId, groupNumber, { limit_level: limitLevel });
  }

  private managed(userId: number, groupNumber: string, patch: Updateable<GroupsTable>): Promise<GroupInfo> {
    return this.ctx.uow.run(async (uow) => {
      const { group, me } = await this.access.require('group.manage', userId, groupNumber, uow);
      if (Object.keys(patch).length) {
        await this.groups.in(uow).update(group.id, { ...patch, updated_at: this.now() });
        await this.tips.emit(uow, group, 6, userId, [], { newGroupProfile: profileOf(patch) });
        await announce(uow, group, 'info');
      }
      return this.view(userId, group, me!, uow);
    });
  }

  /** The caller's own group nickname and remark of the group. */
  async editSelf(
    userId: number,
    body: { groupNumber: string; groupNickname?: string; groupNameRemark?: string },
  ) {
    return this.ctx.uow.run(async (uow) => {
      const { group, me } = await this.access.require('group.view', userId, body.groupNumber, uow);
      const patch: { group_nickname?: string; name_remark?: string } = {};
      if (body.groupNickname !== undefined) patch.group_nickname = body.groupNickname;
      if (body.groupNameRemark !== undefined) patch.name_remark = body.groupNameRemark;
      if (Object.keys(patch).length) {
        await this.groups.in(uow).updateMembers(group.id, [userId], patch);
        if (patch.group_nickname !== undefined) await announce(uow, group, 'members');
        else uow.emit([userId], '5', { groupNumber: group.group_number, change: 'self' });
      }
      return this.view(userId, group, me!, uow);
    });
  }

  async setTop(userId: number, groupNumber: string, status: 0 | 1 | 2) {
    const topStatus = status === 1 ? 1 : 0;
    return this.ctx.uow.run(async (uow) => {
      const { group, me } = await this.access.require('group.view', userId, groupNumber, uow);
      await this.groups.in(uow).updateMembers(group.id, [userId], { top_status: topStatus });
      await this.tips.hooks.emit(
        'pinned',
        { groupId: group.id, userId, pinned: topStatus === 1, at: this.now() },
        uow,
      );
      uow.emit([userId], '5', { groupNumber: group.group_number, change: 'self' });
      return this.view(userId, group, me!, uow);
    });
  }

  async dissolve(userId: number, groupNumber: string): Promise<null> {
    await this.ctx.uow.run(async (uow) => {
      const { group } = await this.access.require('group.own', userId, groupNumber, uow);
      const extra = new GroupExtraRepo(uow.db);
      const members = await this.groups.in(uow).memberIds(group.id);
      await this.groups.in(uow).update(group.id, { status: 1, updated_at: this.now() });
      await extra.closePending(group.id);
      const others = members.filter((id) => id !== userId);
      await extra.notify(others, group.id, 'dissolved', userId, this.now());
      this.counters.pushAfter(uow, members);
      await this.tips.emit(uow, group, 8, userId, []);
      await announce(uow, group, 'dissolved');
    });
    return null;
  }

  async transfer(userId: number, groupNumber: string, wtId: string): Promise<GroupInfo> {
    const user = await this.access.users.byWtId(wtId);
    return this.ctx.uow.run(async (uow) => {
      const loaded = await this.access.load(userId, groupNumber, uow);
      if (!loaded.group) throw fail('groupNotFound');
      const l = loaded as Required<typeof loaded>;
      const facts = await this.access.target(l as never, user, uow);
      authorize(groupsPolicy, 'group.transfer', { userId }, facts);
      const groups = this.groups.in(uow);
      const wasAdmin = facts.target!.identity === Identity.admin;
      await groups.updateMembers(l.group.id, [userId], { identity: Identity.member });
      await groups.updateMembers(l.group.id, [user!.id], { identity: Identity.owner, mute_until: 0 });
      await groups.update(l.group.id, { owner_id: user!.id, updated_at: this.now() });
      if (wasAdmin) await groups.adjustCounts(l.group.id, 0, -1);
      await new GroupExtraRepo(uow.db).notify([user!.id], l.group.id, 'owner', userId, this.now());
      this.counters.pushAfter(uow, [user!.id, userId]);
      await this.tips.emit(uow, l.group, 6, userId, [user!.id], {
        newGroupProfile: { ownerID: user!.wt_id },
      });
      await announce(uow, l.group, 'roles');
      const me = (await groups.member(l.group.id, userId))!;
      return this.view(userId, l.group, me, uow);
    });
  }

  async quit(userId: number, groupNumber: string): Promise<null> {
    await this.ctx.uow.run(async (uow) => {
      const { group, me } = await this.access.require('group.quit', userId, groupNumber, uow);
      const groups = this.groups.in(uow);
      await groups.removeMembers(group.id, [userId]);
      await groups.adjustCounts(group.id, -1, Number(me!.identity) === Identity.admin ? -1 : 0);
      this.counters.pushAfter(uow, [userId]);
      await this.tips.emit(uow, group, 2, userId, [userId]);
      await announce(uow, group, 'quit', [userId]);
    });
    return null;
  }
}

/** The tip's view of a profile patch: API field names, values as stored. */
function profileOf(patch: Updateable<GroupsTable>): Record<string, string | number> {
  const names: Record<string, string> = {
    name: 'groupName',
    avatar: 'groupAvatar',
    notice: 'groupNotice',
    welcome: 'groupWelcomeMsg',
    limit_level: 'limitLevel',
    invite_switch: 'inviteSwitch',
    confirm_invite_switch: 'confirminviteSwitch',
    member_protect_switch: 'memberProtectSwitch',
    banned_switch: 'bannedSwitch',
  };
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(patch)) {
    if (names[k] && (typeof v === 'string' || typeof v === 'number')) out[names[k]] = v;
  }
  return out;
}
