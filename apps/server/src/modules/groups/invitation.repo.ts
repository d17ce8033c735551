import type { Selectable } from 'kysely';
import { Repo } from '../../db/repo.js';
import type { GroupInvitationsTable } from '../../db/schema.js';

export type InvitationRow = Selectable<GroupInvitationsTable>;

/** An invitation with what its list shows: the group and the inviter. */
export interface InvitationView extends InvitationRow {
  group_number: string;
  group_name: string;
  group_avatar: string;
  inviter_wt_id: string;
  inviter_name: string;
  inviter_avatar: string;
}

/** SQL for join invitations that wait for the invited user's consent. */
export class InvitationRepo extends Repo {
  /** Invites `userIds` to the group: a new waiting row each, or the old row renewed. */
  async invite(groupId: number, userIds: number[], inviterId: number, now: number): Promise<void> {
    for (const userId of userIds) {
      const renewed = await this.db
        .updateTable('group_invitations')
        .set({ inviter_id: inviterId, status: 0, updated_at: now })
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(renewed.numUpdatedRows) > 0) continue;
      await this.db
        .insertInto('group_invitations')
        .values({
          group_id: groupId,
          user_id: userId,
          inviter_id: inviterId,
          status: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }

  /** Moves a waiting invitation to `status`; false when it was not waiting (handled meanwhile). */
  async settle(id: number, status: 1 | 2, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('group_invitations')
      .set({ status, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 0)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  private views() {
    return this.db
      .selectFrom('group_invitations as i')
      .innerJoin('groups as g', 'g.id', 'i.group_id')
      .innerJoin('users as u', 'u.id', 'i.inviter_id')
      .selectAll('i')
      .select([
        'g.group_number',
        'g.name as group_name',
        'g.avatar as group_avatar',
        'u.wt_id as inviter_wt_id',
        'u.nick_name as inviter_name',
        'u.avatar as inviter_avatar',
      ]);
  }

  /** The invitation `id` if it was sent to `userId` (anyone else's answers like a missing one). */
  async viewOf(userId: number, id: number): Promise<InvitationView | undefined> {
    return this.views().where('i.id', '=', id).where('i.user_id', '=', userId).executeTakeFirst();
  }

  async viewAt(groupId: number, userId: number): Promise<InvitationView | undefined> {
    return this.views().where('i.group_id', '=', groupId).where('i.user_id', '=', userId).executeTakeFirst();
  }

  /** The user's waiting invitations to groups still active, newest first (at most `limit`). */
  async waiting(userId: number, limit: number): Promise<InvitationView[]> {
    return this.views()
      .where('i.user_id', '=', userId)
      .where('i.status', '=', 0)
      .where('g.status', '=', 0)
      .orderBy('i.updated_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(limit)
      .execute();
  }
}
