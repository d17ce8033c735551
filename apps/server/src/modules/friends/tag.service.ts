import {
  TagLimits,
  type AddTagBody,
  type FriendItem,
  type Page,
  type RenameTagBody,
  type SetTag4UserBody,
  type Tag,
  type TagUsersBody,
  ErrorDetails,
} from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import { fail } from '../../lib/errors.js';
import type { UserRepo } from '../users/user.repo.js';
import { toTag } from './friend.presenter.js';
import type { FriendViews } from './friend.view.js';
import type { FriendshipRepo } from './friendship.repo.js';
import type { TagRepo, TagRow } from './tag.repo.js';

/** A tag deleted between the ownership check and the insert of its members reads as not found. */
function tagDeletedMeanwhile(err: unknown): never {
  if (isForeignKeyViolation(err)) throw fail('tagNotFound');
  throw err;
}

/**
 * Friend tags. Every tag id is looked up together with the caller as owner, so a tag of another
 * user answers 21020 like a missing one (no IDOR, nothing revealed).
 */
export class TagService {
  constructor(
    private readonly ctx: AppContext,
    private readonly users: UserRepo,
    private readonly tags: TagRepo,
    private readonly friendships: FriendshipRepo,
    private readonly views: FriendViews,
  ) {}

  async list(userId: number): Promise<Tag[]> {
    return (await this.tags.list(userId)).map((t) => toTag(t));
  }

  private async owned(userId: number, tagId: number): Promise<TagRow> {
    const tag = await this.tags.owned(userId, tagId);
    if (!tag) throw fail('tagNotFound');
    return tag;
  }

  /** Internal ids of `wtIds`, all of which must be the caller's friends (21002 names the first that is not). */
  private async friendIds(userId: number, wtIds: string[]): Promise<number[]> {
    const unique = [...new Set(wtIds.map((w) => w.toLowerCase()))];
    const users = await this.users.byWtIds(unique);
    const byWt = new Map(users.map((u) => [u.wt_id, u.id]));
    const friends = await this.friendships.friendIdsAmong(
      userId,
      users.map((u) => u.id),
    );
    for (const wtId of unique) {
      const id = byWt.get(wtId);
      if (id === undefined || !friends.has(id))
        throw fail('notFriend', ErrorDetails.notFriendNamed, { wtId }, { wtId });
    }
    return unique.map((w) => byWt.get(w)!);
  }

  private async assertNameFree(userId: number, name: string, exceptId?: number): Promise<void> {
    const same = await this.tags.byName(userId, name);
    if (same && same.id !== exceptId) throw fail('tagNameTaken');
  }

  /** Pushes the full tag list to the owner's tabs and answers the tag `id` from it. */
  private async changed(userId: number, id?: number): Promise<Tag | undefined> {
    const tags = await this.list(userId);
    await this.ctx.realtime.emit([userId], 'tags.updated', { tags });
    return id === undefined ? undefined : tags.find((t) => t.id === id);
  }

  async create(userId: number, body: AddTagBody): Promise<Tag> {
    await this.assertNameFree(userId, body.tagName);
    if ((await this.tags.count(userId)) >= TagLimits.maxTags) throw fail('tagLimit');
    const members = body.wtIds ? await this.friendIds(userId, body.wtIds) : [];
    let tag: TagRow;
    try {
      tag = await this.tags.insert(userId, body.tagName, members, this.ctx.clock.now());
    } catch (err) {
      // Two creates with the same name at once: the unique index decides.
      if (await this.tags.byName(userId, body.tagName)) throw fail('tagNameTaken');
      throw err;
    }
    return (await this.changed(userId, tag.id))!;
  }

  async rename(userId: number, body: RenameTagBody): Promise<Tag> {
    const tag = await this.owned(userId, body.tagId);
    if (tag.name !== body.tagName) {
      await this.assertNameFree(userId, body.tagName, tag.id);
      try {
        await this.tags.rename(userId, tag.id, body.tagName, this.ctx.clock.now());
      } catch (err) {
        // Two renames to the same name at once: the unique index decides.
        if (isUniqueViolation(err)) throw fail('tagNameTaken');
        throw err;
      }
    }
    return (await this.changed(userId, tag.id))!;
  }

  /** Deletes the caller's tags; if any id is not one of theirs nothing is deleted (21020). */
  async deleteBatch(userId: number, ids: number[]): Promise<{ deleted: number }> {
    const unique = [...new Set(ids)];
    const owned = await this.tags.ownedIds(userId, unique);
    if (owned.size !== unique.length) throw fail('tagNotFound');
    const deleted = await this.tags.deleteMany(userId, unique);
    await this.changed(userId);
    return { deleted };
  }

  async addUsers(userId: number, body: TagUsersBody): Promise<Tag> {
    const tag = await this.owned(userId, body.tagId);
    const ids = await this.friendIds(userId, body.wtIds);
    await this.tags.addMembers(userId, tag.id, ids, this.ctx.clock.now()).catch(tagDeletedMeanwhile);
    return (await this.changed(userId, tag.id))!;
  }

  /** Removes users from a tag; wtIds that are not in it are ignored. */
  async removeUsers(userId: number, body: TagUsersBody): Promise<Tag> {
    const tag = await this.owned(userId, body.tagId);
    const users = await this.users.byWtIds([...new Set(body.wtIds)]);
    await this.tags.removeMembers(
      userId,
      tag.id,
      users.map((u) => u.id),
    );
    return (await this.changed(userId, tag.id))!;
  }

  async users4Tag(
    userId: number,
    body: { id: number; pageNum: number; pageSize: number },
  ): Promise<Page<FriendItem>> {
    const tag = await this.owned(userId, body.id);
    const { rows, total } = await this.tags.members(userId, tag.id, {
      offset: (body.pageNum - 1) * body.pageSize,
      limit: body.pageSize,
    });
    return { rows: await this.views.items(userId, rows), total };
  }

  /** All the caller's tags, tagStatus 1 on those `wtId` is in (all 0 for a non-friend). */
  async initSetList(userId: number, wtId: string): Promise<Tag[]> {
    const user = await this.users.byWtId(wtId);
    if (!user) throw fail('userNotFound');
    const [all, mine] = await Promise.all([this.tags.list(userId), this.tags.tagsOf(userId, [user.id])]);
    const assigned = new Set((mine.get(user.id) ?? []).map((t) => t.id));
    return all.map((t) => toTag(t, assigned.has(Number(t.id))));
  }

  /** Replaces the friend's tags with `tagIds` (all must be the caller's); answers initSetList. */
  async setTags4User(userId: number, body: SetTag4UserBody): Promise<Tag[]> {
    const [friendId] = await this.friendIds(userId, [body.friendsWtId]);
    const tagIds = [...new Set(body.tagIds)];
    const owned = await this.tags.ownedIds(userId, tagIds);
    if (owned.size !== tagIds.length) throw fail('tagNotFound');
    await this.tags.setTagsOf(userId, friendId!, tagIds, this.ctx.clock.now()).catch(tagDeletedMeanwhile);
    await this.changed(userId);
    const item = await this.views.item(userId, friendId!);
    if (item) await this.ctx.realtime.emit([userId], 'friend.updated', item);
    return this.initSetList(userId, body.friendsWtId);
  }
}
