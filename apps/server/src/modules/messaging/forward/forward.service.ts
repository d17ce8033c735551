import { createHash } from 'node:crypto';
import { ForwardLimits, type ForwardBody, type Message, type SendMessageBody } from '@parley/protocol';
import type { AppContext } from '../../../lib/context.js';
import { fail } from '../../../lib/errors.js';
import { messagesPolicy } from '../../../policies/messages.policy.js';
import { authorize } from '../../../policies/policy.js';
import { MergedRecordRepo } from './forward.repo.js';
import { messageFacts } from '../core/message-facts.js';
import { abstractOf } from '../core/message-abstract.js';
import type { MessageRow } from '../core/message.repo.js';
import { MessagingViews } from '../core/messaging.views.js';

/** What forwarding needs of sending: the send service's public use case. */
export interface Sender {
  send(userId: number, body: SendMessageBody): Promise<Message>;
}

export type ForwardRequest = ForwardBody;

/**
 * Forwarding (docs/api.md "Forwarding"): the caller must see every message (else 404, nothing is
 * sent); revoked messages, notices, tips and call cards cannot be forwarded (27001, `message.forward`). One by one: each message is sent again to
 * each target; merged: the messages are copied into a merged record (kept even if the originals are
 * later revoked or deleted) and one `merger` message goes to each target. Every send goes through the
 * send service (permissions, sensitive words, rate limit); its clientMsgId derives from `forwardId`,
 * so a retried forward never sends twice.
 */
export class ForwardService {
  private readonly records: MergedRecordRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly sender: Sender,
  ) {
    this.records = new MergedRecordRepo(ctx.db);
  }

  private clientMsgId(userId: number, req: ForwardRequest, target: string, index: number): string {
    const h = createHash('sha256')
      .update(`${userId}|${req.forwardId}|${req.mode}|${target}|${index}`)
      .digest('hex');
    return `fw-${h.slice(0, 40)}`;
  }

  /** The caller's view of the messages, in conversation order; 404 unless all are visible, 27001 unless all are forwardable. */
  private async visible(userId: number, msgIds: string[]): Promise<Message[]> {
    const loaded = await messageFacts(this.ctx.db, userId, msgIds, this.ctx.clock.now());
    const checked: MessageRow[] = [];
    for (const { row, facts } of loaded) {
      authorize(messagesPolicy, 'message.forward', { userId }, facts);
      checked.push(row!);
    }
    checked.sort((a, b) => a.created_at - b.created_at || a.seq - b.seq);
    return new MessagingViews(this.ctx.db).messages(userId, checked);
  }

  async forward(userId: number, req: ForwardRequest): Promise<{ messages: Message[] }> {
    const source = await this.visible(userId, req.messageIDs);
    const targets = [...new Set(req.conversationIDs)];
    const out: Message[] = [];
    if (req.mode === 'single') {
      for (const target of targets)
        for (const [i, m] of source.entries())
          out.push(
            await this.sender.send(userId, {
              conversationID: target,
              clientMsgId: this.clientMsgId(userId, req, target, i),
              type: m.type as SendMessageBody['type'],
              payload: m.payload,
            }),
          );
      return { messages: out };
    }
    // Merged: one record (its key derives from the forward, so a retry reuses it).
    const key = createHash('sha256').update(`${userId}|${req.forwardId}|record`).digest('hex').slice(0, 32);
    await this.records.insert(key, userId, source, this.ctx.clock.now());
    const payload = {
      title: req.title?.trim() || '聊天记录',
      abstractList: source
        .slice(0, ForwardLimits.abstractLines)
        .map((m) => `${m.nick || m.from}: ${abstractOf(m)}`.slice(0, 500)),
      downloadKey: key,
    };
    for (const target of targets)
      out.push(
        await this.sender.send(userId, {
          conversationID: target,
          clientMsgId: this.clientMsgId(userId, req, target, 0),
          type: 'merger',
          payload,
        }),
      );
    return { messages: out };
  }

  /** The messages of a merged record (anyone holding its key: it travels in the merger message). */
  async merger(downloadKey: string): Promise<{ messages: Message[] }> {
    const messages = await this.records.byKey(downloadKey);
    if (!messages) throw fail('fileMissing');
    return { messages };
  }
}
