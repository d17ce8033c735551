import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { Limiter } from '../../lib/rate-limiter.js';
import { additionOf, groupAddPolicy } from '../../policies/group-add.policy.js';
import { authorize } from '../../policies/policy.js';
import type { UserRow } from '../users/user.repo.js';
import { toInvitation } from './group.presenter.js';
import { InvitationRepo } from './invitation.repo.js';

/** What the inviter is to each of `targetIds` (the friends module answers). */
export type Relations = (
  userId: number,
  targetIds: number[],
) => Promise<{ friends: Set<number>; blocks: Set<number>; blockedBy: Set<number> }>;

/**
 * Putting people in groups (docs/api.md "Groups", consent): group creations are counted
 * (GROUP_CREATES_PER_HOUR) and so is each person named in a creation or an invitation
 * (GROUP_INVITES_PER_HOUR); a blacklist either way refuses the call (26005); the inviter's friends
 * are added, anyone else gets a join invitation they may accept or decline.
 */
export class GroupAdditions {
  private readonly creates: Limiter;
  private readonly invites: Limiter;

  constructor(
    ctx: AppContext,
    private readonly relations: Relations,
  ) {
    this.creates = ctx.limiters('group-create', ctx.config.limits.groupCreatesPerHour, 3600_000);
    this.invites = ctx.limiters('group-invite', ctx.config.limits.groupInvitesPerHour, 3600_000);
  }

  async creating(userId: number): Promise<void> {
    if (!(await this.creates.hit(String(userId)))) throw fail('rateLimited');
  }

  /** Sorts the people named into those added at once and those asked first; refuses a blacklist. */
  async sort(userId: number, users: UserRow[]): Promise<{ add: UserRow[]; consent: UserRow[] }> {
    if (users.length === 0) return { add: [], consent: [] };
    const r = await this.relations(
      userId,
      users.map((u) => u.id),
    );
    const add: UserRow[] = [];
    const consent: UserRow[] = [];
    for (const u of users) {
      const facts = {
        friend: r.friends.has(u.id),
        inviterBlocks: r.blocks.has(u.id),
        invitedBlocks: r.blockedBy.has(u.id),
      };
      authorize(groupAddPolicy, 'group.add', { userId }, facts);
      (additionOf(facts) === 'add' ? add : consent).push(u);
    }
    if (!(await this.invites.hit(String(userId), users.length))) throw fail('rateLimited');
    return { add, consent };
  }

  /** Invites `users` inside the unit of work; each hears of it (`group.invitation`) after the commit. */
  async invite(
    uow: UnitOfWork,
    groupId: number,
    users: UserRow[],
    inviterId: number,
    now: number,
  ): Promise<void> {
    if (users.length === 0) return;
    const repo = new InvitationRepo(uow.db);
    await repo.invite(
      groupId,
      users.map((u) => u.id),
      inviterId,
      now,
    );
    for (const u of users) {
      const view = await repo.viewAt(groupId, u.id);
      if (view) uow.emit([u.id], 'group.invitation', toInvitation(view));
    }
  }
}
