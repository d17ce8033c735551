import type { Executor } from '../../db/repo.js';
import type { FriendItem } from '@parley/protocol';
import type { BlacklistRepo } from './blacklist.repo.js';
import type { FriendRow, FriendshipRepo } from './friendship.repo.js';
import { toFriendItem } from './friend.presenter.js';
import type { TagRepo } from './tag.repo.js';

/** Builds FriendItem rows (profile + the owner's tags and black status) for lists and events. */
export class FriendViews {
  constructor(
    private readonly friendships: FriendshipRepo,
    private readonly tags: TagRepo,
    private readonly blacklist: BlacklistRepo,
  ) {}

  /** The same views read inside a use case's transaction. */
  in(uow: { db: Executor }): FriendViews {
    return new FriendViews(this.friendships.in(uow), this.tags.in(uow), this.blacklist.in(uow));
  }

  async items(ownerId: number, rows: FriendRow[]): Promise<FriendItem[]> {
    const ids = rows.map((r) => Number(r.friend_id));
    const [tags, blocked] = await Promise.all([
      this.tags.tagsOf(ownerId, ids),
      this.blacklist.blockedAmong(ownerId, ids),
    ]);
    return rows.map((r) =>
      toFriendItem(r, tags.get(Number(r.friend_id)) ?? [], blocked.has(Number(r.friend_id))),
    );
  }

  /** The owner's row of one friend, or undefined when they are not friends. */
  async item(ownerId: number, friendId: number): Promise<FriendItem | undefined> {
    const row = await this.friendships.row(ownerId, friendId);
    if (!row) return undefined;
    const [item] = await this.items(ownerId, [row]);
    return item;
  }
}
