import type { GroupTip, GroupTipPayload } from '@parley/protocol';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { AppContext } from '../../../lib/context.js';
import { SyncRepo } from '../core/sync.repo.js';
import { GroupConvRepo } from './group-conv.repo.js';
import { appendGroupMessage } from '../send/group-store.js';
import { groupConversationId } from '../core/conversation-id.js';
import { GroupRepo } from '../../groups/group.repo.js';
import { UserRepo } from '../../users/user.repo.js';

/** The stored payload of a `groupTip` message (protocol `groupTipPayloadSchema`). */
export type TipPayload = GroupTipPayload;

const PROFILE: Record<string, 'name' | 'notice' | 'avatar'> = {
  groupName: 'name',
  groupNotice: 'notice',
  groupAvatar: 'avatar',
};

/** The stored tips of one group change (none for switches that say nothing in the chat). */
export function tipPayloads(tip: GroupTip, created: boolean): TipPayload[] {
  const base = { opUser: tip.operatorInfo, memberList: tip.memberList };
  switch (tip.operationType) {
    case 1:
      return [{ ...base, operationType: created ? 'create' : 'join' }];
    case 2:
      return [{ ...base, operationType: 'quit' }];
    case 3:
      return [{ ...base, operationType: 'kick' }];
    case 4:
      return [{ ...base, operationType: 'setAdmin' }];
    case 5:
      return [{ ...base, operationType: 'cancelAdmin' }];
    case 7:
      return [{ ...base, operationType: tip.muteTime ? 'mute' : 'unmute', muteTime: tip.muteTime ?? 0 }];
    case 8:
      return [{ ...base, operationType: 'dismiss' }];
    case 6: {
      const p = tip.newGroupProfile ?? {};
      if (p.ownerID !== undefined) return [{ ...base, operationType: 'transfer' }];
      const out: TipPayload[] = [];
      const profile: NonNullable<TipPayload['newGroupProfile']> = {};
      for (const [k, field] of Object.entries(PROFILE)) {
        if (typeof p[k] === 'string') profile[field] = p[k];
      }
      if (Object.keys(profile).length)
        out.push({ ...base, operationType: 'profile', newGroupProfile: profile });
      if (p.bannedSwitch !== undefined) {
        out.push({ ...base, operationType: Number(p.bannedSwitch) === 1 ? 'muteAll' : 'unmuteAll' });
      }
      return out;
    }
  }
  return [];
}

/**
 * Stores a group change as `groupTip` messages in the group's conversation, inside the groups use
 * case's unit of work (the groups module's `tip` hook), and keeps the conversation's membership in
 * step: joiners get a member row (history from the join on) and the group's topic; those who quit
 * or were removed keep their history up to the tip and leave the topic; a dissolution closes every
 * row and drops the topic. A join also stores the group's welcome message, when it has one.
 */
export class GroupTipStore {
  constructor(private readonly ctx: AppContext) {}

  async store(uow: UnitOfWork, groupId: number, tip: GroupTip, at: number): Promise<void> {
    const group = await new GroupRepo(uow.db).byId(groupId);
    if (!group) throw new Error(`group ${groupId} not found for its tip`);
    const convs = new GroupConvRepo(uow.db);
    const { conv, created } = await convs.ensure(groupId, at);
    const wtIds = [tip.operatorInfo.userID, ...tip.memberList.map((m) => m.userID)];
    const people = await new UserRepo(uow.db).byWtIds(wtIds);
    const byWt = new Map(people.map((p) => [p.wt_id, { ...p, id: Number(p.id) }]));
    const operator = byWt.get(tip.operatorInfo.userID);
    if (!operator) return;
    const memberIds = tip.memberList.map((m) => byWt.get(m.userID)?.id).filter((x) => x !== undefined);
    const topic = groupConversationId(group.group_number);
    const info = { number: group.group_number, name: group.name, avatar: group.avatar };

    if (tip.operationType === 1) {
      // The group's first tip is its creation: the owner gets a row too.
      const joining = created ? [...new Set([Number(group.owner_id), ...memberIds])] : memberIds;
      const current = (await convs.byGroup(groupId))!;
      await convs.join(conv.id, joining, Number(current.last_seq), at);
      await new SyncRepo(uow.db).record(
        joining.map((userId) => ({ userId, conversationId: conv.id, messageId: null })),
      );
      uow.afterCommit(() => this.ctx.realtime.topicMembers(joining, { join: [topic] }));
    }
    let lastSeq = 0;
    const payloads = tipPayloads(tip, created);
    for (const [i, payload] of payloads.entries()) {
      const { row } = await appendGroupMessage(uow, {
        conversationId: conv.id,
        group: info,
        sender: operator,
        nameCard: '',
        clientMsgId: `tip-${conv.id}-${at}-${Math.random().toString(36).slice(2, 10)}-${i}`,
        type: 'groupTip',
        payload: { ...payload },
        cloudCustomData: null,
        needReadReceipt: false,
        searchText: '',
        mentions: [],
        now: at,
      });
      lastSeq = Number(row.seq);
    }
    if (tip.operationType === 1 && !created && group.welcome) {
      const { row } = await appendGroupMessage(uow, {
        conversationId: conv.id,
        group: info,
        sender: operator,
        nameCard: '',
        clientMsgId: `tip-${conv.id}-${at}-${Math.random().toString(36).slice(2, 10)}-w`,
        type: 'groupTip',
        payload: {
          operationType: 'welcome',
          opUser: tip.operatorInfo,
          memberList: tip.memberList,
          text: group.welcome,
        },
        cloudCustomData: null,
        needReadReceipt: false,
        searchText: '',
        mentions: [],
        now: at,
      });
      lastSeq = Number(row.seq);
    }
    if (tip.operationType === 2 || tip.operationType === 3) {
      await convs.leave(conv.id, memberIds, tip.operationType === 2 ? 8 : 4, lastSeq, at);
      await new SyncRepo(uow.db).record(
        memberIds.map((userId) => ({ userId, conversationId: conv.id, messageId: null })),
      );
      uow.afterCommit(() => this.ctx.realtime.topicMembers(memberIds, { leave: [topic] }));
    }
    if (tip.operationType === 8) {
      await convs.leave(conv.id, 'all', 5, lastSeq, at);
      uow.afterCommit(() => this.ctx.realtime.dropTopic(topic));
    }
  }
}
