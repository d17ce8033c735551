import {
  SessionType,
  ToolErrorDetails,
  ToolLimits,
  type AddSessionGroupBody,
  type SessionGroup,
  type SessionRelationInput,
  type UpdateSessionGroupBody,
} from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import { c2cConversationId, groupConversationId } from '../messaging/core/conversation-id.js';
import type {
  RelationRow,
  ResolvedRelation,
  SessionGroupRepo,
  SessionGroupRow,
} from './session-group.repo.js';

function present(row: SessionGroupRow, relations: RelationRow[]): SessionGroup {
  return {
    id: Number(row.id),
    groupName: row.name,
    hideStatus: Number(row.hide_status) === 1 ? 1 : 0,
    defaultGroup: 1,
    sort: Number(row.sort),
    relationList: relations.map((r) => ({
      sessionId: r.session_type === SessionType.c2c ? c2cConversationId(r.ref) : groupConversationId(r.ref),
      sessionType: r.session_type === SessionType.c2c ? 0 : 1,
      relationId: r.ref,
      name: r.name,
      avatar: r.avatar,
    })),
  };
}

/**
 * Custom conversation tabs (docs/api.md "Session groups"): each user's own, at most
 * ToolLimits.sessionGroupsMax. A tab id of another user answers 24010 like a missing one; a
 * conversation the caller does not have (not a friend nor a chat partner, not a member of the
 * group) answers 24012, so a tab never reveals another user's or group's details.
 * Changes answer the whole ordered list and reach the owner's other tabs ('sessionGroups.updated').
 */
export class SessionGroupsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly groups: SessionGroupRepo,
  ) {}

  async list(userId: number): Promise<SessionGroup[]> {
    const [rows, relations] = await Promise.all([this.groups.list(userId), this.groups.relations(userId)]);
    const byGroup = new Map<number, RelationRow[]>();
    for (const r of relations) {
      const list = byGroup.get(r.group_id) ?? [];
      list.push(r);
      byGroup.set(r.group_id, list);
    }
    return rows.map((row) => present(row, byGroup.get(Number(row.id)) ?? []));
  }

  async getById(userId: number, id: number): Promise<SessionGroup> {
    const row = await this.groups.owned(userId, id);
    if (!row) throw fail('sessionGroupNotFound');
    return present(row, await this.groups.relations(userId, id));
  }

  async add(userId: number, body: AddSessionGroupBody): Promise<SessionGroup[]> {
    const relations = await this.resolve(userId, body.relationList);
    await this.ctx.uow.run(async (uow) => {
      const repo = this.groups.in(uow);
      const current = await repo.list(userId);
      if (current.length >= ToolLimits.sessionGroupsMax) throw fail('sessionGroupLimit');
      const sort = current.length === 0 ? 0 : Math.max(...current.map((g) => Number(g.sort))) + 1;
      const id = await repo.insert(userId, body.groupName, sort, this.ctx.clock.now());
      await repo.setRelations(userId, id, relations);
    });
    return this.changed(userId);
  }

  async update(userId: number, body: UpdateSessionGroupBody): Promise<SessionGroup[]> {
    const relations = await this.resolve(userId, body.relationList);
    await this.ctx.uow.run(async (uow) => {
      const repo = this.groups.in(uow);
      if (!(await repo.owned(userId, body.id))) throw fail('sessionGroupNotFound');
      await repo.update(userId, body.id, { name: body.groupName }, this.ctx.clock.now());
      await repo.setRelations(userId, body.id, relations);
    });
    return this.changed(userId);
  }

  async hide(userId: number, id: number, hideStatus: 0 | 1): Promise<SessionGroup[]> {
    if (!(await this.groups.owned(userId, id))) throw fail('sessionGroupNotFound');
    await this.groups.update(userId, id, { hide_status: hideStatus }, this.ctx.clock.now());
    return this.changed(userId);
  }

  /** `ids` in their new order; the caller's tabs not named keep their order after them. */
  async sort(userId: number, ids: number[]): Promise<SessionGroup[]> {
    const unique = [...new Set(ids)];
    await this.assertOwned(userId, unique);
    await this.ctx.uow.run(async (uow) => {
      const repo = this.groups.in(uow);
      const rest = (await repo.list(userId)).map((g) => Number(g.id)).filter((id) => !unique.includes(id));
      const now = this.ctx.clock.now();
      for (const [sort, id] of [...unique, ...rest].entries()) await repo.update(userId, id, { sort }, now);
    });
    return this.changed(userId);
  }

  /** Deletes the tabs, never their conversations. */
  async remove(userId: number, ids: number[]): Promise<SessionGroup[]> {
    const unique = [...new Set(ids)];
    await this.assertOwned(userId, unique);
    await this.ctx.uow.run((uow) => this.groups.in(uow).deleteMany(userId, unique));
    return this.changed(userId);
  }

  private async assertOwned(userId: number, ids: number[]): Promise<void> {
    const owned = await this.groups.ownedIds(userId, ids);
    const missing = ids.find((id) => !owned.has(id));
    if (missing !== undefined) throw fail('sessionGroupNotFound', undefined, { id: missing });
  }

  /** The caller's conversations named by `list`, deduplicated in their order; any other answers 24012. */
  private async resolve(userId: number, list: SessionRelationInput[]): Promise<ResolvedRelation[]> {
    const key = (type: number, ref: string) => `${type}:${ref.toLowerCase()}`;
    const wanted = [...new Map(list.map((r) => [key(r.sessionType, r.relationId), r])).values()];
    const wtIds = wanted.filter((r) => r.sessionType === 0).map((r) => r.relationId.toLowerCase());
    const numbers = wanted.filter((r) => r.sessionType === 1).map((r) => r.relationId);
    const [users, groups] = await Promise.all([
      this.groups.reachableUsers(userId, wtIds),
      this.groups.memberGroups(userId, numbers),
    ]);
    const found = new Map([...users, ...groups].map((r) => [key(r.sessionType, r.ref), r]));
    return wanted.map((r) => {
      const hit = found.get(key(r.sessionType, r.relationId));
      if (!hit)
        throw fail(
          'sessionRelationInvalid',
          ToolErrorDetails.sessionRelationNamed,
          { relationId: r.relationId },
          {
            relationId: r.relationId,
          },
        );
      return hit;
    });
  }

  private async changed(userId: number): Promise<SessionGroup[]> {
    const groups = await this.list(userId);
    await this.ctx.realtime.emit([userId], 'sessionGroups.updated', { groups });
    return groups;
  }
}
