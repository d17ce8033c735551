import { AT_ALL, type Message, type SendMessageBody } from '@parley/protocol';
import type { Steps } from '../../../db/steps.js';
import type { AppContext } from '../../../lib/context.js';
import { fail } from '../../../lib/errors.js';
import { groupsPolicy } from '../../../policies/groups.policy.js';
import { messagesPolicy } from '../../../policies/messages.policy.js';
import { authorize } from '../../../policies/policy.js';
import { groupFacts } from '../../groups/group.access.js';
import { groupByNumberSteps, groupMemberSteps, type GroupRow } from '../../groups/group.repo.js';
import { groupMembersByWtIdsSteps, userByIdSteps, type UserRow } from '../../users/user.repo.js';
import { checkContent } from '../core/content.js';
import { parseConversationId } from '../core/conversation-id.js';
import type { ConversationRow } from '../core/conversation.repo.js';
import { messageByClientIdSteps } from '../core/message.repo.js';
import type { GroupChatAccess } from '../group/group-access.js';
import { groupConversationSteps, hasMemberRowSteps } from '../group/group-conv.repo.js';
import type { StepUnit } from './commit-batcher.js';
import { appendGroupSteps } from './group-store.js';
import type { Checked, SendCommits } from './send-commits.js';

/** A group send that passed its checks: what its store writes. */
interface Cleared {
  me: UserRow;
  group: GroupRow;
  conv: ConversationRow;
  nameCard: string;
  payload: Record<string, unknown>;
  searchText: string;
  mentions: number[];
}
/** A current member without a conversation row yet (made by `GroupChatAccess.open`, then sent again). */
const NO_ROW = { noRow: true } as const;
type NoRow = typeof NO_ROW;

/**
 * Sending to a group (docs/api.md "Group messaging"), past the rate limit (send.service.ts): one step
 * job on the thread's send commits, shared with one-to-one sends (send-commits.ts, decision 044): the same
 * idempotency, send ban and content rules as one-to-one, the group policy (a member; not muted;
 * under mute-all only managers), mentions checked against the members, then the store of the message
 * and one frame on the group's topic (group-store.ts). The ack comes after the commit.
 */
export class GroupSendService {
  constructor(
    private readonly ctx: AppContext,
    private readonly chats: GroupChatAccess,
    /** This thread's send commits (send.service.ts `commits`), shared with one-to-one sends. */
    private readonly commits: SendCommits,
  ) {}

  async send(userId: number, body: SendMessageBody): Promise<Message> {
    const sent = await this.commit(userId, body);
    if (!('noRow' in sent)) return sent;
    await this.chats.open(userId, body.conversationID);
    const again = await this.commit(userId, body);
    if ('noRow' in again) throw fail('forbidden');
    return again;
  }

  private commit(userId: number, body: SendMessageBody): Promise<Message | NoRow> {
    const now = this.ctx.clock.now();
    return this.commits.run<Cleared | NoRow, Message | NoRow>(userId, body, {
      check: () => this.check(userId, body, now),
      // Keys: the sender (their member row) and the conversation (its row), negative to stay apart.
      keys: (c) => ('noRow' in c ? [] : [-c.conv.id]),
      store: (uow, c) => ('noRow' in c ? noWrite(c) : this.store(uow, userId, body, c, now)),
    });
  }

  /** Everything a group send must pass, read-only, in the order its errors are answered. */
  private *check(userId: number, body: SendMessageBody, now: number): Steps<Checked<Cleared | NoRow>> {
    const first = yield* messageByClientIdSteps(userId, body.clientMsgId);
    if (first) return { first };
    const me = yield* userByIdSteps(userId);
    if (!me) throw fail('unauthorized');
    authorize(messagesPolicy, 'message.send', { userId }, { bannedUntil: Number(me.send_banned_until), now });
    const ref = parseConversationId(body.conversationID);
    const group = yield* groupByNumberSteps(ref.kind === 'group' ? ref.number : '');
    if (!group) throw fail('groupNotFound');
    const member = yield* groupMemberSteps(group.id, userId);
    const conv = yield* groupConversationSteps(group.id);
    if (!conv || !(yield* hasMemberRowSteps(conv.id, userId))) {
      // Someone never in the group; a current member of an active group gets a row on demand.
      if (!member || Number(group.status) !== 0) throw fail('forbidden');
      return NO_ROW;
    }
    const facts = groupFacts(group, member, now);
    authorize(groupsPolicy, 'message.send', { userId }, facts);
    const content = checkContent(body, this.ctx.config.sensitiveWords);
    const { atUserList, mentions } = yield* this.mentions(userId, group, facts, body);
    const payload = atUserList.length ? Object.assign({}, content.payload, { atUserList }) : content.payload;
    const nameCard = member?.group_nickname ?? '';
    return { me, group, conv, nameCard, payload, searchText: content.searchText, mentions };
  }

  /**
   * The mention list as stored (members' wtIds and AT_ALL) and the mention rows (user ids; 0 for
   * all). @all is decided by the groups policy (`message.mentionAll`, the rule behind the group's
   * `can.mentionAll`); names of non-members (and oneself) are dropped.
   */
  private *mentions(
    userId: number,
    group: GroupRow,
    facts: ReturnType<typeof groupFacts>,
    body: SendMessageBody,
  ): Steps<{ atUserList: string[]; mentions: number[] }> {
    const fromPayload = (body.payload as { atUserList?: unknown }).atUserList;
    const asked = body.atUserList ?? (Array.isArray(fromPayload) ? (fromPayload as string[]) : []);
    if (asked.length === 0) return { atUserList: [], mentions: [] };
    const all = asked.includes(AT_ALL);
    if (all) authorize(groupsPolicy, 'message.mentionAll', { userId }, facts);
    const names = [...new Set(asked.filter((w) => w !== AT_ALL).map((w) => w.toLowerCase()))];
    const members = yield* groupMembersByWtIdsSteps(group.id, names, userId);
    return {
      atUserList: [...(all ? [AT_ALL] : []), ...members.map((m) => m.wt_id)],
      mentions: [...(all ? [0] : []), ...members.map((m) => Number(m.id))],
    };
  }

  private *store(
    uow: StepUnit,
    userId: number,
    body: SendMessageBody,
    c: Cleared,
    now: number,
  ): Steps<Message> {
    const { view } = yield* appendGroupSteps(uow, {
      conversationId: c.conv.id,
      group: { number: c.group.group_number, name: c.group.name, avatar: c.group.avatar },
      sender: c.me,
      nameCard: c.nameCard,
      clientMsgId: body.clientMsgId,
      type: body.type,
      payload: c.payload,
      cloudCustomData: body.cloudCustomData ?? null,
      needReadReceipt: body.needReadReceipt ?? false,
      searchText: c.searchText,
      mentions: c.mentions,
      now,
    });
    return view;
  }
}

/** The store of a send that found no member row: nothing is written. */
// eslint-disable-next-line require-yield
function* noWrite(c: NoRow): Steps<NoRow> {
  return c;
}
