import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { GroupApplication } from '@parley/protocol';
import { GroupLimits } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import { groupsPolicy, type GroupFacts, type JoinFacts } from '../../policies/groups.policy.js';
import { authorize, decide } from '../../policies/policy.js';
import { GroupExtraRepo } from './group-extra.repo.js';
import type { GroupAccess } from './group.access.js';
import type { GroupCounters } from './group.events.js';
import { toApplication, toNotice } from './group.presenter.js';
import type { GroupRepo } from './group.repo.js';
import type { MembersService } from './members.service.js';

/** Joining by search or QR, the managers' approval, and the group notice lists. */
export class JoinService {
  constructor(
    private readonly ctx: AppContext,
    private readonly groups: GroupRepo,
    private readonly extra: GroupExtraRepo,
    private readonly access: GroupAccess,
    private readonly members: MembersService,
    private readonly counters: GroupCounters,
  ) {}

  async joinFacts(userId: number, groupNumber: string, uow?: { db: UnitOfWork['db'] }) {
    const loaded = await this.access.load(userId, groupNumber, uow);
    const user = await this.access.usersIn(uow).byId(userId);
    if (!user) throw fail('unauthorized');
    const blacklisted = loaded.group
      ? await this.extra.in(uow ?? { db: this.ctx.db }).blacklisted(loaded.group.id, userId)
      : false;
    const facts: JoinFacts = {
      ...(loaded.group ? (loaded as { facts: GroupFacts }).facts : this.access.facts(undefined, undefined)),
      blacklisted,
      level: Number(user.vip_level),
    };
    return { loaded, user, facts };
  }

  /** Whether the caller may join and whether a manager must approve. */
  async verify(userId: number, groupNumber: string) {
    const { loaded, facts } = await this.joinFacts(userId, groupNumber);
    if (!loaded.group) throw fail('groupNotFound');
    const d = decide(groupsPolicy, 'group.join', { userId }, facts);
    return {
      groupNumber,
      needApproval: (Number(loaded.group.confirm_invite_switch) === 1 ? 1 : 0) as 0 | 1,
      canJoin: (d === true ? 1 : 0) as 0 | 1,
      reason: d === true ? '' : d,
    };
  }

  /** Joins at once (confirminviteSwitch 0) or files an application for the managers (1). */
  async activeJoin(userId: number, body: { groupNumber: string; joinType: 1 | 3; applyMessage: string }) {
    return this.ctx.uow.run(async (uow) => {
      const { loaded, user, facts } = await this.joinFacts(userId, body.groupNumber, uow);
      authorize(groupsPolicy, 'group.join', { userId }, facts);
      const group = loaded.group!;
      const extra = this.extra.in(uow);
      if (Number(group.confirm_invite_switch) === 0) {
        if (Number(group.member_count) + 1 > GroupLimits.maxMembers) throw fail('groupFull');
        await this.members.addMembers(uow, group, [user], body.joinType, null);
        return { groupNumber: group.group_number, joined: 1 as const };
      }
      const now = this.ctx.clock.now();
      const pending = await extra.pendingOf(group.id, userId);
      if (pending) await extra.renewApplication(pending.id, body.applyMessage, body.joinType, null, now);
      else
        await extra.insertApplication({
          group_id: group.id,
          user_id: userId,
          inviter_id: null,
          join_type: body.joinType,
          message: body.applyMessage,
          status: 0,
          handler_id: null,
          self_read: 1,
          created_at: now,
          updated_at: now,
        });
      const managers = (await this.groups.in(uow).managers(group.id)).map((m) => Number(m.user_id));
      this.counters.pushAfter(uow, managers);
      return { groupNumber: group.group_number, joined: 0 as const };
    });
  }

  /** A manager agrees (1) or rejects (2) an application or a member's invitation. */
  async audit(userId: number, id: number, status: 1 | 2): Promise<GroupApplication> {
    return this.ctx.uow.run(async (uow) => {
      const extra = this.extra.in(uow);
      const app = await extra.byId(id);
      const group = app ? await this.groups.in(uow).byId(Number(app.group_id)) : undefined;
      if (!app || !group) throw fail('groupApplyNotFound');
      const loaded = await this.access.require('group.manage', userId, group.group_number, uow);
      if (Number(app.status) !== 0) throw fail('groupApplyHandled');
      const applicant = await this.access.usersIn(uow).byId(Number(app.user_id));
      // Settled first: adding the member closes the applicant's other pending applications.
      if (!(await extra.settle(id, status, userId, this.ctx.clock.now()))) throw fail('groupApplyHandled');
      if (status === 1 && applicant) {
        const already = await this.groups.in(uow).member(group.id, applicant.id);
        if (!already) {
          const blacklisted = await extra.blacklisted(group.id, applicant.id);
          authorize(groupsPolicy, 'group.invited', { userId }, { ...loaded.facts, blacklisted, level: 0 });
          if (Number(loaded.group.member_count) + 1 > GroupLimits.maxMembers) throw fail('groupFull');
          await this.members.addMembers(
            uow,
            loaded.group,
            [applicant],
            Number(app.join_type),
            app.inviter_id === null ? null : Number(app.inviter_id),
          );
        }
      }
      const managers = (await this.groups.in(uow).managers(group.id)).map((m) => Number(m.user_id));
      this.counters.pushAfter(uow, [...managers, Number(app.user_id)]);
      return toApplication((await extra.viewById(id))!);
    });
  }

  async joinApplyList(userId: number, page: { pageNum: number; pageSize: number }) {
    const { rows, total } = await this.extra.forManager(
      userId,
      (page.pageNum - 1) * page.pageSize,
      page.pageSize,
    );
    return { rows: rows.map(toApplication), total };
  }

  /** The caller's own applications; reading them clears selfApplyUnRead. */
  async myApplyList(userId: number, page: { pageNum: number; pageSize: number }) {
    const { rows, total } = await this.extra.forApplicant(
      userId,
      (page.pageNum - 1) * page.pageSize,
      page.pageSize,
    );
    if (page.pageNum === 1 && (await this.extra.unreadOutcomes(userId)) > 0) {
      await this.ctx.uow.run(async (uow) => {
        await this.extra.in(uow).markOutcomesRead(userId);
        this.counters.pushAfter(uow, [userId]);
      });
    }
    return { rows: rows.map(toApplication), total };
  }

  /** Notices about the caller's groups; reading them clears otherUnRead. */
  async othersList(userId: number, page: { pageNum: number; pageSize: number }) {
    const { rows, total } = await this.extra.notices(
      userId,
      (page.pageNum - 1) * page.pageSize,
      page.pageSize,
    );
    if (page.pageNum === 1 && (await this.extra.unreadNotices(userId)) > 0) {
      await this.ctx.uow.run(async (uow) => {
        await this.extra.in(uow).markNoticesRead(userId);
        this.counters.pushAfter(uow, [userId]);
      });
    }
    return { rows: rows.map(toNotice), total };
  }
}
