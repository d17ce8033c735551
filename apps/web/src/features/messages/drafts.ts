import { call } from '../../lib/api';

/** What the composer holds: the text and the quoted message's ID ('' for none). */
export type DraftState = { text: string; quoteID: string };

/** What the composer held when it last closed, per conversation (this tab only). */
export const localDrafts = new Map<string, string>();

/** Each conversation's draft writes, one after the other. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Saves the conversation's draft on the server (an empty one clears it). Writes of one
 * conversation go in order, each after the previous answered: a clear sent on 发送 can never be
 * overtaken by a save of the text before it, which would bring that text back on the next open.
 */
export function saveDraft(conversationID: string, d: DraftState, quoteType?: string): Promise<unknown> {
  const empty = !d.text.trim() && !d.quoteID;
  const write = () =>
    call(
      'conversations',
      'draft',
      {
        conversationID,
        draft: empty
          ? null
          : {
              html: d.text,
              abstract: d.text.slice(0, 100),
              ...(d.quoteID ? { messageID: d.quoteID, type: quoteType ?? 'text' } : {}),
            },
      },
      { silent: true },
    ).catch(() => {});
  const next = (queues.get(conversationID) ?? Promise.resolve()).then(write);
  queues.set(conversationID, next);
  void next.then(() => {
    if (queues.get(conversationID) === next) queues.delete(conversationID);
  });
  return next;
}
