import { sql } from 'kysely';
import type { TestServer } from '../helpers.js';

let run = 0;

/**
 * `n` plain user rows made by one INSERT … SELECT in the test server's own database (the real SQLite
 * or PostgreSQL of this run, not a mock): a recursive row source, the same SQL on both. Registering
 * thousands of users through the API would take minutes of password hashing. Returns their wtId
 * prefix (each is `<prefix><i>`, i from 1).
 */
export async function fillUsers(t: TestServer, n: number): Promise<string> {
  run += 1;
  const prefix = `lim${run}x${process.pid % 100000}x`;
  const now = sql.raw(String(Date.now()));
  await sql`INSERT INTO users (wt_id, phone, nick_name, avatar, bio, pwd_hash, step2_hash, step2_tips,
      vip_level, vip_type, status, is_official, created_at, updated_at)
    WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${sql.raw(String(n))})
    SELECT ${sql.lit(prefix)} || CAST(i AS varchar(12)), ${sql.lit(`p${prefix}`)} || CAST(i AS varchar(12)),
      'Filler', '', '', 'x', NULL, '', 0, 0, 0, 0, ${now}, ${now} FROM s`.execute(t.server.ctx.db);
  return prefix;
}

/**
 * Makes the users of `fillUsers(prefix)` ordinary members of group `groupNumber`, rows inserted like
 * theirs, and sets the group's member count to its rows (what the size limit reads).
 */
export async function fillMembers(t: TestServer, groupNumber: string, prefix: string): Promise<number> {
  const db = t.server.ctx.db;
  const group = await db
    .selectFrom('groups')
    .select('id')
    .where('group_number', '=', groupNumber)
    .executeTakeFirstOrThrow();
  const id = sql.raw(String(Number(group.id)));
  await sql`INSERT INTO group_members (group_id, user_id, identity, group_nickname, name_remark, mute_until,
      join_type, inviter_id, top_status, last_send_at, created_at)
    SELECT ${id}, id, 1, '', '', 0, 2, NULL, 0, 0, ${sql.raw(String(Date.now()))} FROM users
    WHERE wt_id LIKE ${sql.lit(`${prefix}%`)}`.execute(db);
  await sql`UPDATE groups SET member_count = (SELECT COUNT(*) FROM group_members WHERE group_id = ${id})
    WHERE id = ${id}`.execute(db);
  const row = await db
    .selectFrom('groups')
    .select('member_count')
    .where('id', '=', group.id)
    .executeTakeFirstOrThrow();
  return Number(row.member_count);
}
