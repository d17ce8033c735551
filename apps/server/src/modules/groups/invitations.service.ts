import { GroupLimits, type GroupInvitation } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import { groupsPolicy, invitationNeedsApproval } from '../../policies/groups.policy.js';
import { authorize } from '../../policies/policy.js';
import type { GroupCounters } from './group.events.js';
import { toInvitation } from './group.presenter.js';
import type { GroupRepo } from './group.repo.js';
import { InvitationRepo } from './invitation.repo.js';
import type { JoinService } from './join.service.js';
import type { MembersService } from './members.service.js';

/** Invitations listed at most (the oldest beyond it wait for the next look). */
const LIST_MAX = 100;

/**
 * The invited user's side of a join invitation (groups/additions.ts): the waiting ones, and accepting
 * (join, or a manager's approval first when the inviter is an ordinary member and the group's
 * inviteSwitch is 1) or declining one. Someone else's invitation answers 26006 like a missing one.
 */
export class InvitationService {
  constructor(
    private readonly ctx: AppContext,
    private readonly groups: GroupRepo,
    private readonly join: JoinService,
    private readonly members: MembersService,
    private readonly counters: GroupCounters,
  ) {}

  async waiting(userId: number): Promise<GroupInvitation[]> {
    return (await new InvitationRepo(this.ctx.db).waiting(userId, LIST_MAX)).map(toInvitation);
  }

  async handle(userId: number, id: number, status: 1 | 2) {
    const found = await new InvitationRepo(this.ctx.db).viewOf(userId, id);
    if (!found || Number(found.status) !== 0) throw fail('groupInvitationNotFound');
    const now = this.ctx.clock.now();
    return this.ctx.uow.run(async (uow) => {
      const invitations = new InvitationRepo(uow.db);
      let outcome: 'joined' | 'pending' | 'declined' = 'declined';
      if (status === 1) {
        const { loaded, user, facts } = await this.join.joinFacts(userId, found.group_number, uow);
        authorize(groupsPolicy, 'invitation.accept', { userId }, facts);
        const group = loaded.group!;
        const groups = this.groups.in(uow);
        const inviterId = Number(found.inviter_id);
        const inviter = await groups.member(group.id, inviterId);
        // The inviter left meanwhile: nobody vouches for the invitation any more.
        if (!inviter) throw fail('groupInvitationNotFound');
        if (invitationNeedsApproval(Number(inviter.identity), Number(group.invite_switch))) {
          await this.members.queueInvitations(uow, group.id, [user], inviterId);
          const managers = (await groups.managers(group.id)).map((m) => Number(m.user_id));
          this.counters.pushAfter(uow, managers);
          outcome = 'pending';
        } else {
          if (Number(group.member_count) + 1 > GroupLimits.maxMembers) throw fail('groupFull');
          await this.members.addMembers(uow, group, [user], 2, inviterId);
          outcome = 'joined';
        }
      }
      if (!(await invitations.settle(id, status, now))) throw fail('groupInvitationNotFound');
      const invitation = toInvitation((await invitations.viewOf(userId, id))!);
      // The user's other tabs drop it from their lists.
      uow.emit([userId], 'group.invitation', invitation);
      return { invitation, outcome };
    });
  }
}
