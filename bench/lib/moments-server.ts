/**
 * Parley as the moments bench runs it: the real buildServer() of apps/server (SQLite in
 * PARLEY_DATA_DIR, or PostgreSQL when DATABASE_URL is set) in its own process. `seed` builds the data
 * set with bulk inserts straight into the tables (building 100,000 moments through the API would
 * take longer than the measurement on a shared machine): N users, each a friend of the F nearest
 * users around a ring, P moments each (visible to all friends, ids in time order) and every moment's
 * inbox rows (its author and the author's friends), exactly what `/user/friendsCircle/add` writes;
 * then one session for each of the first C users. `explain` answers the feed page's query plan.
 */
import { sql } from 'kysely';
import { newUserRow } from '../../apps/server/src/modules/users/user.repo.js';
import { isPostgres } from '../../apps/server/src/db/dialect.js';
import { wallNow } from './ipc.js';
import type { MServerCommand, MServerReply } from './moments-ipc.js';
import { runParleyProcess } from './parley-process.js';
import { installSqlStats } from './sql-stats.js';

if (process.env.BENCH_SQL_STATS === '1') installSqlStats();

const CHUNK = 1000;

runParleyProcess<MServerCommand, MServerReply>(async (server, command, reply) => {
  const db = server.ctx.db;
  const pg = isPostgres(db as never);
  if (command.cmd === 'seed') {
    const { users: n, friends: f, posts: p, clients: c } = command;
    const started = wallNow();
    const now = Date.now();
    const rows = Array.from({ length: n }, (_, i) =>
      newUserRow({
        wtId: `mb${i}`,
        phone: `+1557${String(i).padStart(7, '0')}`,
        nickName: `Bench ${i}`,
        pwdHash: 'bench-no-login',
        now,
      }),
    );
    const ids: number[] = [];
    for (let i = 0; i < n; i += CHUNK) {
      const inserted = await db
        .insertInto('users')
        .values(rows.slice(i, i + CHUNK))
        .returning('id')
        .execute();
      ids.push(...inserted.map((r) => Number(r.id)));
    }
    let friendRows: {
      owner_id: number;
      friend_id: number;
      remark: string;
      friends_space_status: number;
      mine_space_status: number;
      apply_source: number;
      created_at: number;
      updated_at: number;
    }[] = [];
    const flush = async () => {
      if (friendRows.length) await db.insertInto('friendships').values(friendRows).execute();
      friendRows = [];
    };
    for (let i = 0; i < n; i++)
      for (let d = 1; d <= f / 2; d++)
        for (const j of [(i + d) % n, (i - d + n) % n]) {
          friendRows.push({
            owner_id: ids[i]!,
            friend_id: ids[j]!,
            remark: '',
            friends_space_status: 0,
            mine_space_status: 0,
            apply_source: 1,
            created_at: now,
            updated_at: now,
          });
          if (friendRows.length >= CHUNK) await flush();
        }
    await flush();
    const usersMs = wallNow() - started;

    const media = JSON.stringify({ images: [], video: null });
    const total = n * p;
    for (let k = 0; k < total; k += CHUNK) {
      const batch = [];
      for (let x = k; x < Math.min(total, k + CHUNK); x++)
        batch.push({
          author_id: ids[x % n]!,
          content: `Bench moment ${x}: a line of text as people write them.`,
          media,
          visibility: 0,
          tag_ids: '[]',
          created_at: now - (total - x) * 1000,
        });
      await db.insertInto('moments').values(batch).execute();
    }
    const momentsMs = wallNow() - started - usersMs;

    // The inbox in primary-key order, its secondary index built after the rows are in.
    await sql`DROP INDEX moment_inbox_moment`.execute(db);
    await sql`INSERT INTO moment_inbox (viewer_id, moment_id)
      SELECT viewer_id, moment_id FROM (
        SELECT f.friend_id AS viewer_id, m.id AS moment_id FROM moments m JOIN friendships f ON f.owner_id = m.author_id
        UNION ALL SELECT m.author_id, m.id FROM moments m
      ) t ORDER BY viewer_id, moment_id`.execute(db);
    await sql`CREATE INDEX moment_inbox_moment ON moment_inbox (moment_id)`.execute(db);
    if (pg) await sql`VACUUM ANALYZE`.execute(db);
    else {
      await sql`ANALYZE`.execute(db);
      // The bulk build's WAL (about a gigabyte at 100,000 moments) is written back before measuring.
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    }
    const inboxMs = wallNow() - started - usersMs - momentsMs;
    const count = async (table: 'moments' | 'moment_inbox' | 'friendships') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    const clients = [];
    for (let i = 0; i < c; i++) {
      const { token } = await server.modules.auth.sessions.issue(ids[i * Math.floor(n / c)]!, `bench-${i}`);
      clients.push({ token, name: `mb${i * Math.floor(n / c)}` });
    }
    reply({
      kind: 'seeded',
      clients,
      usersMs,
      momentsMs,
      inboxMs,
      moments: await count('moments'),
      inbox: await count('moment_inbox'),
      friendships: await count('friendships'),
    });
    return;
  }
  if (command.cmd === 'feedTimes') {
    // The feed use case alone (its queries and the page's views), without HTTP: one call at a time.
    const ids = await db
      .selectFrom('users')
      .select(['id', 'wt_id'])
      .where('wt_id', 'in', command.wtIds)
      .execute();
    const ms: number[] = [];
    for (let r = 0; r < command.rounds; r++)
      for (const u of ids) {
        const t0 = performance.now();
        await server.modules.moments.moments.feed(Number(u.id), { pageNum: 1, pageSize: 10 });
        if (r > 0) ms.push(performance.now() - t0);
      }
    reply({ kind: 'feedTimes', ms });
    return;
  }
  if (command.cmd === 'explain') {
    const viewer = Number(
      (await db.selectFrom('users').select('id').where('wt_id', '=', command.wtId).executeTakeFirstOrThrow())
        .id,
    );
    const q = server.modules.moments.repo
      .feedQuery(viewer, { offset: 0, limit: 11, beforeId: command.beforeId })
      .compile();
    const plan = pg
      ? await sql
          .raw<Record<string, string>>(
            `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${inline(q.sql, q.parameters, true)}`,
          )
          .execute(db)
      : await sql
          .raw<Record<string, string>>(`EXPLAIN QUERY PLAN ${inline(q.sql, q.parameters, false)}`)
          .execute(db);
    reply({ kind: 'plan', lines: plan.rows.map((r) => (pg ? String(Object.values(r)[0]) : `${r.detail}`)) });
  }
});

/** The statement with its (numeric) parameters written in, for EXPLAIN. */
function inline(text: string, params: readonly unknown[], pg: boolean): string {
  if (pg) return text.replace(/\$(\d+)/g, (_, i: string) => String(params[Number(i) - 1]));
  let i = 0;
  return text.replace(/\?/g, () => String(params[i++]));
}
