import { prepared, preparedIn } from '../../db/compiled.js';
import { all, first, runSteps, type Steps } from '../../db/steps.js';
import { Repo } from '../../db/repo.js';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { UsersTable, UserConfigsTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;
export type UserConfigRow = Selectable<UserConfigsTable>;

/** SQL for users and their config rows. */
// Built once: every request and every send looks users up (db/compiled.ts).
const userById = prepared<{ id: number }, UserRow>((db, p) =>
  db.selectFrom('users').selectAll().where('id', '=', p('id')),
);
const usersByIds = preparedIn<object, number, UserRow>((db, _p, ids) =>
  db.selectFrom('users').selectAll().where('id', 'in', ids),
);
const userByWtId = prepared<{ wtId: string }, UserRow>((db, p) =>
  db.selectFrom('users').selectAll().where('wt_id', '=', p('wtId')),
);

/** What a message shows of its sender and receiver, and what the send rules read. */
export type Party = Pick<UserRow, 'id' | 'wt_id' | 'nick_name' | 'avatar' | 'status' | 'send_banned_until'>;
const PARTY = ['id', 'wt_id', 'nick_name', 'avatar', 'status', 'send_banned_until'] as const;
// A sender (by id) and the peer their conversation ID names (by wtId): two index lookups, one
// statement. The send thread keeps its rows (db/stable-reads.ts).
const partiesQ = prepared<{ id: number; wtId: string }, Party>(
  (db, p) =>
    db
      .selectFrom('users')
      .select(PARTY)
      .where('id', '=', p('id'))
      .unionAll(db.selectFrom('users').select(PARTY).where('wt_id', '=', p('wtId'))),
  { stable: true },
);

/** `UserRepo.parties` as a step function (db/steps.ts). */
export function* partiesSteps(
  id: number,
  wtId: string,
): Steps<{ me: Party | undefined; peer: Party | undefined }> {
  const lower = wtId.toLowerCase();
  const rows = yield* all(partiesQ, { id, wtId: lower });
  return { me: rows.find((r) => Number(r.id) === id), peer: rows.find((r) => r.wt_id === lower) };
}

/** `UserRepo.byId` as a step function (db/steps.ts). */
export function userByIdSteps(id: number): Steps<UserRow | undefined> {
  return first(userById, { id });
}

const membersByWtIds = preparedIn<
  { groupId: number; exceptUserId: number },
  string,
  { id: number; wt_id: string }
>((db, p, wtIds) =>
  db
    .selectFrom('users as u')
    .innerJoin('group_members as gm', 'gm.user_id', 'u.id')
    .select(['u.id', 'u.wt_id'])
    .where('gm.group_id', '=', p('groupId'))
    .where('u.wt_id', 'in', wtIds)
    .where('u.id', '<>', p('exceptUserId')),
);

/** Members of the group among `wtIds` (as stored: lower case), but `exceptUserId`: a group send's mentions. */
export function groupMembersByWtIdsSteps(
  groupId: number,
  wtIds: readonly string[],
  exceptUserId: number,
): Steps<Array<{ id: number; wt_id: string }>> {
  return membersByWtIds.steps({ groupId, exceptUserId }, wtIds);
}

/** `UserRepo.byIds` as a step function (db/steps.ts). */
export function usersByIdsSteps(ids: number[]): Steps<UserRow[]> {
  return usersByIds.steps({}, ids);
}

/**
 * A new account's row with the defaults every way of creating one shares (registration, the demo
 * seed, tests and benches): no avatar, bio, second-step password or membership, active, not official.
 */
export function newUserRow(u: {
  wtId: string;
  phone: string;
  nickName: string;
  pwdHash: string;
  now: number;
  bio?: string;
  isOfficial?: 0 | 1;
}): Insertable<UsersTable> {
  return {
    wt_id: u.wtId,
    phone: u.phone,
    nick_name: u.nickName,
    avatar: '',
    bio: u.bio ?? '',
    pwd_hash: u.pwdHash,
    step2_hash: null,
    step2_tips: '',
    vip_level: 0,
    vip_type: 0,
    status: 0,
    is_official: u.isOfficial ?? 0,
    created_at: u.now,
    updated_at: u.now,
  };
}

export class UserRepo extends Repo {
  byId(id: number): Promise<UserRow | undefined> {
    return userById.first(this.db, { id });
  }

  /**
   * The send path's two parties in one statement: the user `id` and the one named `wtId` (case
   * ignored, as `byWtId`).
   */
  parties(id: number, wtId: string): Promise<{ me: Party | undefined; peer: Party | undefined }> {
    return runSteps(this.db, partiesSteps(id, wtId));
  }

  /** wtIds are stored in lower case; lookups ignore case. */
  byWtId(wtId: string): Promise<UserRow | undefined> {
    return userByWtId.first(this.db, { wtId: wtId.toLowerCase() });
  }

  byPhone(phone: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  byIds(ids: number[]): Promise<UserRow[]> {
    return usersByIds.all(this.db, {}, ids);
  }

  byWtIds(wtIds: string[]): Promise<UserRow[]> {
    if (wtIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(
        'wt_id',
        'in',
        wtIds.map((w) => w.toLowerCase()),
      )
      .execute();
  }

  async insert(row: Insertable<UsersTable>): Promise<UserRow> {
    return this.atomic(async (trx) => {
      const created = await trx.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
      await trx.insertInto('user_configs').values({ user_id: created.id }).execute();
      return created;
    });
  }

  async update(id: number, patch: Updateable<UsersTable>): Promise<void> {
    await this.db.updateTable('users').set(patch).where('id', '=', id).execute();
  }

  async config(userId: number): Promise<UserConfigRow> {
    const row = await this.db
      .selectFrom('user_configs')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (row) return row;
    await this.db
      .insertInto('user_configs')
      .values({ user_id: userId })
      .onConflict((c) => c.doNothing())
      .execute();
    return this.db
      .selectFrom('user_configs')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  /** user_configs.language without creating the row. */
  async savedLanguage(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('user_configs')
      .select('language')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.language ?? null;
  }

  async updateConfig(userId: number, patch: Updateable<UserConfigsTable>): Promise<void> {
    await this.config(userId);
    if (Object.keys(patch).length === 0) return;
    await this.db.updateTable('user_configs').set(patch).where('user_id', '=', userId).execute();
  }
}
