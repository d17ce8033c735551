import { sql, type ExpressionBuilder, type UpdateObject } from 'kysely';
import { prepared, type ParamOf } from '../../../db/compiled.js';
import type { Database } from '../../../db/schema.js';
import { first, run, type Steps } from '../../../db/steps.js';

// A one-to-one send's member rows (message.store.ts `appendSteps`), built once (db/compiled.ts).

export type MemberParams = { conversationId: number; userId: number; seq: number; now: number };
type MemberUpdate = (
  eb: ExpressionBuilder<Database, 'conversation_members'>,
  p: ParamOf<MemberParams>,
) => UpdateObject<Database, 'conversation_members'>;

/** A member row's update for a new message, built once per case (db/compiled.ts). */
const memberUpdate = (set: MemberUpdate) =>
  prepared<MemberParams, { read_seq: number }>((db, p) =>
    db
      .updateTable('conversation_members')
      .set((eb) => ({ updated_at: p('now'), ...set(eb, p) }))
      .where('conversation_id', '=', p('conversationId'))
      .where('user_id', '=', p('userId'))
      .returning('read_seq'),
  );
const shown = (p: ParamOf<MemberParams>) => ({ visible: 1, activity_at: p('now') });
const senderSees = memberUpdate((_, p) => ({ read_seq: p('seq'), unread: 0, ...shown(p) }));
const senderHidden = memberUpdate((_, p) => ({ read_seq: p('seq'), unread: 0 }));
const receiverSees = memberUpdate((_, p) => ({ unread: sql<number>`unread + 1`, ...shown(p) }));
const receiverHidden = memberUpdate(() => ({}));
const receiverNotice = memberUpdate((eb, p) => {
  const caughtUp = eb.ref('read_seq');
  const prev = sql<number>`${p('seq')} - 1`;
  return {
    read_seq: eb.case().when(caughtUp, '=', prev).then(p('seq')).else(eb.ref('read_seq')).end(),
    unread: eb
      .case()
      .when(caughtUp, '=', prev)
      .then(eb.ref('unread'))
      .else(sql<number>`unread + 1`)
      .end(),
    ...shown(p),
  };
});

/**
 * The usual case in one statement: both members see a new message; the sender has read up to it, the
 * receiver has one more unread. No RETURNING (on SQLite a multi-row UPDATE … RETURNING builds a
 * temporary table): the receiver's read cursor is below a new sequence anyway (reads stop at the
 * conversation's last sequence), so the sender's view of it is unread.
 */
const bothSee = prepared<MemberParams & { peerId: number }, never>((db, p) =>
  db
    .updateTable('conversation_members')
    .set((eb) => {
      // PostgreSQL types a bare parameter in CASE as text: cast it.
      const seq = sql<number>`cast(${p('seq')} as bigint)`;
      const isSender = eb('user_id', '=', p('userId'));
      return {
        read_seq: eb.case().when(isSender).then(seq).else(eb.ref('read_seq')).end(),
        unread: eb
          .case()
          .when(isSender)
          .then(sql<number>`0`)
          .else(sql<number>`unread + 1`)
          .end(),
        updated_at: p('now'),
        ...shown(p),
      };
    })
    .where('conversation_id', '=', p('conversationId'))
    .where('user_id', 'in', [p('userId'), p('peerId')]),
);

const readCursor = prepared<{ conversationId: number; reader: number }, { read_seq: number }>((db, p) =>
  db
    .selectFrom('conversation_members')
    .select('read_seq')
    .where('conversation_id', '=', p('conversationId'))
    .where('user_id', '=', p('reader')),
);

/** How a new message moves one member's row. */
export type MemberMove = 'senderSees' | 'senderHidden' | 'receiverSees' | 'receiverHidden' | 'receiverNotice';
const moves = { senderSees, senderHidden, receiverSees, receiverHidden, receiverNotice };

/** Moves one member's row for a new message; its read cursor after. */
export function* moveMemberSteps(move: MemberMove, at: MemberParams): Steps<number> {
  const r = yield* first(moves[move], at);
  return Number(r?.read_seq ?? 0);
}

/** The usual case: both members see the message (`bothSee`). */
export function* bothSeeSteps(at: MemberParams & { peerId: number }): Steps<void> {
  yield* run(bothSee, at);
}

/** A member's read cursor before a send moves it. */
export function* readCursorSteps(conversationId: number, reader: number): Steps<number> {
  return Number((yield* first(readCursor, { conversationId, reader }))?.read_seq ?? 0);
}
