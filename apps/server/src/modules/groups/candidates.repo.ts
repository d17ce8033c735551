import { Repo } from '../../db/repo.js';

/** Friends of a user as invitation candidates of a group (member/position/addList). */
export class CandidatesRepo extends Repo {
  async friendsFor(userId: number, groupId: number) {
    return this.db
      .selectFrom('friendships as f')
      .innerJoin('users as u', 'u.id', 'f.friend_id')
      .leftJoin('group_members as m', (j) =>
        j.onRef('m.user_id', '=', 'f.friend_id').on('m.group_id', '=', groupId),
      )
      .select(['u.wt_id', 'u.nick_name', 'u.avatar', 'm.user_id as member_id'])
      .where('f.owner_id', '=', userId)
      .where('u.status', '=', 0)
      .orderBy('f.id', 'asc')
      .limit(5000)
      .execute();
  }
}
