import { randomUUID } from 'node:crypto';
import type { HelperAnswer, HelperFaq, HelperMessageData, Message } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import { storeServiceMessage } from '../messaging/service-messages.js';
import type { HelperAccount } from './helper-account.js';
import type { HelperFaqRepo, HelperFaqRow } from './helper-faq.repo.js';
import { bestMatch } from './keyword-match.js';

/** Texts used when the operator's file gives none. */
export const DEFAULT_TEXTS = {
  welcome: '你好，我是 Parley 小助手。有问题可以直接问我，或点击下面的常见问题。',
  fallback: '抱歉，没有找到相关问题。你可以试试下面的常见问题：',
} as const;

const present = (r: HelperFaqRow): HelperFaq => ({
  id: Number(r.id),
  question: r.question,
  replyMsg: r.reply_msg,
});
const questionsOnly = (rows: HelperFaqRow[]): HelperFaq[] =>
  rows.slice(0, 20).map((r) => ({ id: Number(r.id), question: r.question, replyMsg: '' }));

function helperPayload(description: string, data: HelperMessageData): Record<string, unknown> {
  return { data: JSON.stringify(data), description, extension: '' };
}

/**
 * The official helper (docs/api.md "Helper"): a welcome in every new account's helper conversation,
 * the FAQ list, and answers — a question asked by id or typed (matched by keyword) is stored in the
 * caller's helper conversation as the caller's text, followed by the helper's reply (a `custom`
 * message, businessID 'helper'), both in one unit of work.
 */
export class HelperService {
  constructor(
    private readonly ctx: AppContext,
    private readonly faq: HelperFaqRepo,
    private readonly account: HelperAccount,
  ) {}

  async list(): Promise<HelperFaq[]> {
    return (await this.faq.list()).map(present);
  }

  /** The welcome message in a new account's helper conversation (no unread badge). */
  async welcome(userId: number): Promise<void> {
    const helperId = await this.account.userId();
    if (helperId === userId) return;
    const [rows, text] = await Promise.all([this.faq.list(), this.faq.text('welcome')]);
    const description = text ?? DEFAULT_TEXTS.welcome;
    await this.ctx.uow.run((uow) =>
      storeServiceMessage(uow, {
        fromId: helperId,
        toId: userId,
        type: 'custom',
        payload: helperPayload(description, {
          businessID: 'helper',
          detailType: 'welcome',
          content: { txtMsg: questionsOnly(rows) },
        }),
        searchText: description,
        notice: true,
        clientMsgId: `helper-welcome-${userId}`,
        now: this.ctx.clock.now(),
      }),
    );
  }

  async question(userId: number, id: number): Promise<HelperAnswer> {
    const row = await this.faq.byId(id);
    if (!row) throw fail('helperFaqNotFound');
    return this.answer(userId, row.question, row, []);
  }

  async keyWord(userId: number, keyWord: string): Promise<HelperAnswer> {
    const rows = await this.faq.list();
    const hit = bestMatch(
      rows.map((r) => ({ row: r, id: Number(r.id), question: r.question, keywords: r.keywords.split('\n') })),
      keyWord,
    );
    return this.answer(userId, keyWord, hit?.row ?? null, rows);
  }

  private async answer(
    userId: number,
    asked: string,
    row: HelperFaqRow | null,
    all: HelperFaqRow[],
  ): Promise<HelperAnswer> {
    const helperId = await this.account.userId();
    if (helperId === userId) throw fail('forbidden');
    const fallback = row ? '' : ((await this.faq.text('fallback')) ?? DEFAULT_TEXTS.fallback);
    const now = this.ctx.clock.now();
    const id = randomUUID();
    const data: HelperMessageData = row
      ? {
          businessID: 'helper',
          detailType: 'reply',
          content: { txtMsg: [], ...(row.img_url && { imgMsg: row.img_url }) },
          ...(row.jump_url && { jumpUrl: row.jump_url }),
        }
      : { businessID: 'helper', detailType: 'fallback', content: { txtMsg: questionsOnly(all) } };
    const reply = row ? row.reply_msg : fallback;
    const [question, answer] = await this.ctx.uow.run(async (uow): Promise<[Message, Message]> => {
      const q = await storeServiceMessage(uow, {
        fromId: userId,
        toId: helperId,
        type: 'text',
        payload: { text: asked },
        searchText: asked.toLowerCase(),
        notice: false,
        clientMsgId: `helper-q-${id}`,
        now,
      });
      const a = await storeServiceMessage(uow, {
        fromId: helperId,
        toId: userId,
        type: 'custom',
        payload: helperPayload(reply, data),
        searchText: reply.toLowerCase(),
        notice: true,
        clientMsgId: `helper-a-${id}`,
        now,
      });
      return [q.get(userId)!, a.get(userId)!];
    });
    return { question, reply: answer, matched: row ? present(row) : null };
  }
}
