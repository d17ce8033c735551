import type { FastifyBaseLogger } from 'fastify';
import { openSqliteFile } from '../../../../db/index.js';
import { FALLBACK_AUTOCHECKPOINT_PAGES } from '../../../../db/sqlite-checkpointer.js';
import { UnitsOfWork } from '../../../../db/unit-of-work.js';
import { EncodedJson } from '../../../../realtime/encoded.js';
import type { Realtime } from '../../../../realtime/types.js';
import { mayMessageSteps } from '../../../friends/blacklist.service.js';
import { UserRepo } from '../../../users/user.repo.js';
import { PeerResolver } from '../../core/peer.js';
import { SendCore } from '../send-core.js';
import { sendBatcher } from '../now-driver.js';
import { SendCommits } from '../send-commits.js';
import { toWire, type ThreadData, type ThreadReply } from './wire.js';

/**
 * The send thread's page cache, in KiB: 8 MB, not the 64 MB of the main connection (db/index.ts).
 * Whenever SQLite rebalances a B-tree page it renumbers a page past the end of the file for a moment,
 * and the next commit then scans the whole page cache's hash table to drop pages past the end: with
 * a full 64 MB cache that scan was ~7 % of this thread's time under load (docs/decisions/002-sqlite-send-thread.md). The thread's hot pages (member, conversation and version rows, the index
 * leaves a send writes) fit in 8 MB; the rest is one read from the OS's file cache.
 */
const SEND_THREAD_CACHE_KIB = 8192;

/** Where `openThreadCore` keeps an event's JSON on its data, and the number `post` gave its reply, for the send's answer. */
const JSON_TEXT = Symbol('json');
const REPLY = Symbol('reply');
type Encoded = { [JSON_TEXT]?: string; [REPLY]?: number };

/**
 * `SendCore` on its own connection to the SQLite file, as the send thread runs it (thread.ts; also
 * driven directly by bench/send-path.ts): every event, counter push and log line it makes goes to
 * `post`, in order, for the main thread to carry out. `post` may number its replies (thread.ts):
 * `replyOf` then gives the number of the reply that carried a value's event.
 */
export function openThreadCore(
  { filePath, sensitiveWords, metrics }: ThreadData,
  post: (reply: ThreadReply) => number | void,
) {
  const { db, file } = openSqliteFile(filePath);
  // The main connection's checkpointer thread checkpoints the WAL; this connection's commits must not
  // (an automatic checkpoint copies and syncs pages inside a commit), unless it falls far behind.
  file.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  // Every row this thread inserts refers to rows its own transaction has just read (the conversation,
  // the sender, the users of the version rows): the child-side foreign key lookups would find them again.
  // Deletes (and their cascades) happen on the main connection, where the keys stay enforced.
  file.pragma('foreign_keys = OFF');
  file.pragma(`cache_size = -${SEND_THREAD_CACHE_KIB}`);

  const line =
    (level: 'error' | 'warn' | 'info') =>
    (obj: unknown, msg?: string): void => {
      post({ k: 'log', level, obj: obj instanceof Error ? toWire(obj) : obj, msg: msg ?? '' });
    };
  const noop = () => undefined;
  // The main thread writes the lines to its own log (send-thread.ts).
  const log = {
    error: line('error'),
    warn: line('warn'),
    info: line('info'),
    debug: noop,
    trace: noop,
    fatal: line('error'),
  };
  const logger = Object.assign({}, log, {
    child: () => logger,
    level: 'info',
    silent: noop,
  }) as unknown as FastifyBaseLogger;

  // Events are published by the main thread after it reads them: this one only hands them over, as
  // JSON encoded here. A send's answer is the view its sender's event carried: `encoded` finds that
  // text again on the object (a symbol-keyed property, which JSON leaves out) instead of encoding the
  // object twice, and `replyOf` the reply that carried it. Not a WeakMap: its entries, two per send,
  // each die young, and the collector treats such tables specially at every scavenge.
  const kept = (value: unknown): Encoded | undefined =>
    typeof value === 'object' && value !== null ? (value as Encoded) : undefined;
  const encoded = (value: unknown): string => kept(value)?.[JSON_TEXT] ?? JSON.stringify(value);
  const replyOf = (value: unknown): number | undefined => kept(value)?.[REPLY];
  const realtime = {
    emit: (to, type, data, opts) => {
      const json = data instanceof EncodedJson ? data.json : JSON.stringify(data);
      const reply = post(
        opts?.origin ? { k: 'emit', to, type, json, origin: opts.origin } : { k: 'emit', to, type, json },
      );
      const on = kept(data);
      if (on) {
        on[JSON_TEXT] = json;
        if (typeof reply === 'number') on[REPLY] = reply;
      }
      return Promise.resolve();
    },
  } as Pick<Realtime, 'emit'> as Realtime;

  const ctx = { db, uow: new UnitsOfWork(db, realtime, logger), realtime, log: logger };
  const core = new SendCore(
    { db, uow: ctx.uow, realtime, log: logger, config: { sensitiveWords } },
    new PeerResolver(new UserRepo(db)),
    { mayMessage: mayMessageSteps },
    new SendCommits(
      db,
      sendBatcher(ctx, true, metrics ? (size, seconds) => void post({ k: 'commit', size, seconds }) : null),
    ),
  );
  return { core, db, logger, encoded, replyOf };
}
