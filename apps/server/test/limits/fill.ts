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
 * Makes the users of `fillUsers(prefix)` ordinary members of group `groupNumber` as a join does:
 * member rows, member rows of the group's chat (they see what comes after their join) and the
 * group's member count (what the size limit reads). Returns that count.
 */
export async function fillMembers(t: TestServer, groupNumber: string, prefix: string): Promise<number> {
  const db = t.server.ctx.db;
  const group = await db
    .selectFrom('groups')
    .select('id')
    .where('group_number', '=', groupNumber)
    .executeTakeFirstOrThrow();
  const id = sql.raw(String(Number(group.id)));
  const now = sql.raw(String(Date.now()));
  const like = sql.lit(`${prefix}%`);
  await sql`INSERT INTO group_members (group_id, user_id, identity, group_nickname, name_remark, mute_until,
      join_type, inviter_id, top_status, last_send_at, created_at)
    SELECT ${id}, id, 1, '', '', 0, 2, NULL, 0, 0, ${now} FROM users WHERE wt_id LIKE ${like}`.execute(db);
  await sql`INSERT INTO conversation_members (conversation_id, user_id, peer_id, read_seq, cleared_seq, visible,
      pinned, pinned_at, muted, marks, custom_data, draft, activity_at, updated_at, state, until_seq, joined_seq)
    SELECT c.id, u.id, NULL, c.last_seq, c.last_seq, 1, 0, 0, 0, 0, '', NULL, ${now}, ${now}, 0, 0, c.last_seq
    FROM users u, conversations c WHERE c.group_id = ${id} AND u.wt_id LIKE ${like}`.execute(db);
  await sql`UPDATE groups SET member_count = (SELECT COUNT(*) FROM group_members WHERE group_id = ${id})
    WHERE id = ${id}`.execute(db);
  const row = await db
    .selectFrom('groups')
    .select('member_count')
    .where('id', '=', group.id)
    .executeTakeFirstOrThrow();
  return Number(row.member_count);
}

/**
 * Makes `ownerWtId` a friend of every user of `fillUsers(prefix)`: both friendship rows per pair, as
 * an accepted application writes them (without its notices), so a group creation or an invitation
 * naming them adds them at once (friends need no consent).
 */
export async function fillFriendships(t: TestServer, ownerWtId: string, prefix: string): Promise<void> {
  const db = t.server.ctx.db;
  const owner = await db
    .selectFrom('users')
    .select('id')
    .where('wt_id', '=', ownerWtId)
    .executeTakeFirstOrThrow();
  const id = sql.raw(String(Number(owner.id)));
  const now = sql.raw(String(Date.now()));
  const like = sql.lit(`${prefix}%`);
  await sql`INSERT INTO friendships (owner_id, friend_id, remark, friends_space_status, mine_space_status,
      apply_source, created_at, updated_at)
    SELECT ${id}, id, '', 0, 0, 1, ${now}, ${now} FROM users WHERE wt_id LIKE ${like}`.execute(db);
  await sql`INSERT INTO friendships (owner_id, friend_id, remark, friends_space_status, mine_space_status,
      apply_source, created_at, updated_at)
    SELECT id, ${id}, '', 0, 0, 1, ${now}, ${now} FROM users WHERE wt_id LIKE ${like}`.execute(db);
}
