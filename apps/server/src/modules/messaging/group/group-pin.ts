import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { GroupRepo } from '../../groups/group.repo.js';
import { ConversationRepo } from '../core/conversation.repo.js';
import { GroupConvRepo } from './group-conv.repo.js';
import { MessagingViews } from '../core/messaging.views.js';
import { SyncRepo } from '../core/sync.repo.js';

/**
 * One pin per group and member (docs/api.md "Group messaging"): pinning the group's conversation sets
 * the group's `setTop`, and `setTop` pins the conversation, each inside the other's unit of work.
 * Each side writes the other's row directly (not through its use case), so they never call each
 * other back.
 */

/** The conversation was pinned: the member's group row follows, and their tabs refetch the group. */
export async function pinGroupOf(uow: UnitOfWork, conversationId: number, userId: number, pinned: boolean) {
  const group = await new GroupConvRepo(uow.db).groupOf(conversationId);
  if (!group) return;
  await new GroupRepo(uow.db).updateMembers(group.id, [userId], { top_status: pinned ? 1 : 0 });
  uow.emit([userId], '5', { groupNumber: group.group_number, change: 'self' });
}

/** The group was pinned (`setTop`): the member's conversation of it follows, live on their tabs. */
export async function pinConversationOf(
  uow: UnitOfWork,
  p: { groupId: number; userId: number; pinned: boolean; at: number },
) {
  const conv = await new GroupConvRepo(uow.db).byGroup(p.groupId);
  if (!conv) return;
  const convs = new ConversationRepo(uow.db);
  const member = await convs.member(conv.id, p.userId);
  if (!member || (member.pinned === 1) === p.pinned) return;
  await convs.updateMember(conv.id, p.userId, {
    pinned: p.pinned ? 1 : 0,
    pinned_at: p.pinned ? p.at : 0,
    ...(p.pinned ? { visible: 1 } : {}),
    updated_at: p.at,
  });
  await new SyncRepo(uow.db).record([{ userId: p.userId, conversationId: conv.id, messageId: null }]);
  const fresh = (await convs.member(conv.id, p.userId))!;
  uow.emit(
    [p.userId],
    'conversation.updated',
    await new MessagingViews(uow.db).conversation(p.userId, fresh),
  );
}
