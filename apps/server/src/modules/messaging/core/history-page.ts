import type { HistoryBody } from '@parley/protocol';
import type { MessageRepo, MessageRow, ReaderScope } from './message.repo.js';

export interface HistoryPage {
  rows: MessageRow[];
  /** Nothing older than the page is visible. */
  isCompleted: boolean;
  /** Answered for `afterSeq` and `aroundSeq`: newer visible messages follow the page. */
  hasMore?: boolean;
}

/**
 * One page of POST /message/history for a reader's scope (docs/api.md "Messages and
 * conversations"): before a position (or the newest), after one, or around one — half before, the
 * rest from the position on. Every form sees the same messages: after the reader's cleared point
 * (a group member's join), none they deleted, and for a group they left none after `untilSeq`.
 */
export async function historyPage(
  msgs: MessageRepo,
  scope: ReaderScope,
  body: HistoryBody,
): Promise<HistoryPage> {
  const until = scope.untilSeq ?? null;
  const before = (seq: number | undefined) => (until === null ? seq : Math.min(seq ?? Infinity, until + 1));
  if (body.afterSeq !== undefined) {
    const newer = await msgs.after(scope, body.afterSeq, body.count);
    const first = newer.rows[0] ? Number(newer.rows[0].seq) : body.afterSeq + 1;
    const older = await msgs.history(scope, before(first), 0);
    return { rows: newer.rows, isCompleted: !older.more, hasMore: newer.more };
  }
  if (body.aroundSeq !== undefined) {
    const half = Math.floor(body.count / 2);
    const newer = await msgs.after(scope, body.aroundSeq - 1, body.count - half);
    const older = await msgs.history(scope, before(body.aroundSeq), half);
    return { rows: [...older.rows, ...newer.rows], isCompleted: !older.more, hasMore: newer.more };
  }
  const { rows, more } = await msgs.history(scope, before(body.beforeSeq), body.count);
  return { rows, isCompleted: !more };
}
