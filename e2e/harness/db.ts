import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type SQLite from 'better-sqlite3';
import { REPO_ROOT } from './paths';
import type { TestServer } from './server';

/**
 * Deadlines a test server keeps in its database (a token's expiry, a call invitation's timeout, the
 * start of a call-time record): a test moves the stored time to now instead of waiting for the
 * server's clock to reach it. What follows is the server's own check of the stored time against its
 * clock (a request answered 11011, the sweeper ending the invitation, the daily limit reached), so
 * the test waits for that answer, never for time. The lifetimes themselves are unit-tested on the
 * server with a fake clock. Test servers run on their embedded SQLite file (harness/server.ts); the
 * file is opened beside the running server with the server's own driver.
 */

const serverRequire = createRequire(join(REPO_ROOT, 'apps/server/package.json'));

function withDb<T>(server: TestServer, fn: (db: SQLite.Database) => T): T {
  const Driver = serverRequire('better-sqlite3') as typeof SQLite;
  const db = new Driver(join(server.dataDir, 'parley.db'));
  try {
    db.pragma('busy_timeout = 5000');
    return fn(db);
  } finally {
    db.close();
  }
}

/** Ends a session token's lifetime now (the server stores only its hash). */
export function expireToken(server: TestServer, token: string): void {
  const hash = createHash('sha256').update(token).digest('hex');
  const changed = withDb(server, (db) =>
    db.prepare('UPDATE auth_tokens SET expires_at = ? WHERE token_hash = ?').run(Date.now(), hash),
  ).changes;
  if (changed !== 1) throw new Error('expireToken: no such token');
}

/** Ends the ringing time of the invitation to `calleeWtId` now (the server's sweeper then times it out). */
export function expireInvitation(server: TestServer, calleeWtId: string): void {
  const changed = withDb(server, (db) =>
    db
      .prepare(
        "UPDATE calls SET invite_expires_at = ? WHERE status = 'ringing' AND callee_id = (SELECT id FROM users WHERE wt_id = ?)",
      )
      .run(Date.now(), calleeWtId),
  ).changes;
  if (changed !== 1) throw new Error(`expireInvitation: no ringing call to ${calleeWtId}`);
}

/**
 * Records an ended one-to-one call from `callerWtId` to `calleeWtId` that connected a second ago and
 * lasted `seconds`: the server meters the daily call time from these rows.
 */
export function recordConnectedCall(
  server: TestServer,
  callerWtId: string,
  calleeWtId: string,
  seconds: number,
): void {
  const at = Date.now() - 1000;
  withDb(server, (db) =>
    db
      .prepare(
        `INSERT INTO calls (call_id, room_id, media_type, caller_id, callee_id, status, end_reason,
           caller_conn, callee_conn, created_at, invite_expires_at, connected_at, ended_at,
           caller_seen_at, callee_seen_at)
         SELECT ?, 1, 2, a.id, b.id, 'ended', 'hangup', 'e2e', 'e2e', ?, ?, ?, ?, ?, ?
         FROM users a, users b WHERE a.wt_id = ? AND b.wt_id = ?`,
      )
      .run(`e2e-${at}`, at, at, at, at + seconds * 1000, at, at, callerWtId, calleeWtId),
  );
}
