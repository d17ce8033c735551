import type { AppContext } from '../../../lib/context.js';
import { fail } from '../../../lib/errors.js';
import type { GroupAccess, Loaded } from '../../groups/group.access.js';
import type { ConversationRow, MemberView } from '../core/conversation.repo.js';
import { GroupConvRepo } from './group-conv.repo.js';
import { groupConversationId, parseConversationId, type GroupOf } from '../core/conversation-id.js';

/** A caller's view of one group conversation. */
export interface GroupChat {
  loaded: Loaded;
  group: GroupOf;
  conv: ConversationRow;
  /** The caller's member row of the conversation (also after they left: state ≠ 0). */
  member: MemberView;
}

/**
 * Resolves `GROUP<groupNumber>` for a caller (docs/api.md "Group messaging"): the group, the
 * caller's group membership for the policy, the conversation and the caller's row in it. Someone
 * who never belonged to the group gets 403; a former member keeps their conversation (history up
 * to where they left). A current member without a row yet (a group created alone, before its first
 * message) gets one here.
 */
export class GroupChatAccess {
  private readonly convs: GroupConvRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly access: GroupAccess,
  ) {
    this.convs = new GroupConvRepo(ctx.db);
  }

  async open(userId: number, conversationID: string): Promise<GroupChat> {
    const ref = parseConversationId(conversationID);
    const number = ref.kind === 'group' ? ref.number : '';
    const loaded = await this.access.load(userId, number);
    if (!loaded.group) throw fail('groupNotFound');
    const l = loaded as Loaded;
    const group = { number: l.group.group_number, name: l.group.name, avatar: l.group.avatar };
    let conv = await this.convs.byGroup(l.group.id);
    let member = conv && (await this.convs.member(conv.id, userId));
    if (!member) {
      // Only a current member of an active group gets a row on demand.
      if (!l.me || Number(l.group.status) !== 0) throw fail('forbidden');
      await this.ctx.uow.run(async (uow) => {
        const convs = this.convs.in(uow);
        const { conv: c } = await convs.ensure(l.group.id, this.ctx.clock.now());
        await convs.join(c.id, [userId], Number(c.last_seq), this.ctx.clock.now());
        uow.afterCommit(() =>
          this.ctx.realtime.topicMembers([userId], { join: [groupConversationId(group.number)] }),
        );
      });
      conv = (await this.convs.byGroup(l.group.id))!;
      member = (await this.convs.member(conv.id, userId))!;
    }
    return { loaded: l, group, conv: conv!, member };
  }
}
