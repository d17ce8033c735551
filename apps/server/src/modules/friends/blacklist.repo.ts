import { prepared } from '../../db/compiled.js';
import { all, runSteps, type Steps } from '../../db/steps.js';
import { Repo } from '../../db/repo.js';

export interface BlackRow {
  id: number;
  target_id: number;
  created_at: number;
  wt_id: string;
  nick_name: string;
  avatar: string;
  remark: string | null;
}

/** SQL for the blacklist (owner blocks target). */
// Asked on every send (db/compiled.ts); the send thread keeps its rows (db/stable-reads.ts).
const blocksBetween = prepared<{ a: number; b: number }, { owner_id: number; target_id: number }>(
  (db, p) =>
    db
      .selectFrom('blacklist')
      .select(['owner_id', 'target_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('owner_id', '=', p('a')), eb('target_id', '=', p('b'))]),
          eb.and([eb('owner_id', '=', p('b')), eb('target_id', '=', p('a'))]),
        ]),
      ),
  { stable: true },
);

/** `BlacklistRepo.between` as a step function (db/steps.ts). */
export function* blocksBetweenSteps(a: number, b: number): Steps<{ aBlocksB: boolean; bBlocksA: boolean }> {
  const rows = yield* all(blocksBetween, { a, b });
  return {
    aBlocksB: rows.some((r) => Number(r.owner_id) === a),
    bBlocksA: rows.some((r) => Number(r.owner_id) === b),
  };
}

export class BlacklistRepo extends Repo {
  async has(ownerId: number, targetId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('blacklist')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('target_id', '=', targetId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Both directions between a and b in one query. */
  between(a: number, b: number): Promise<{ aBlocksB: boolean; bBlocksA: boolean }> {
    return runSteps(this.db, blocksBetweenSteps(a, b));
  }

  /** Of `targetIds`, those the owner blocks. */
  async blockedAmong(ownerId: number, targetIds: number[]): Promise<Set<number>> {
    if (targetIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('blacklist')
      .select('target_id')
      .where('owner_id', '=', ownerId)
      .where('target_id', 'in', targetIds)
      .execute();
    return new Set(rows.map((r) => Number(r.target_id)));
  }

  /** Of `ownerIds`, those who block `targetId`. */
  async blockersAmong(targetId: number, ownerIds: number[]): Promise<Set<number>> {
    if (ownerIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('blacklist')
      .select('owner_id')
      .where('target_id', '=', targetId)
      .where('owner_id', 'in', ownerIds)
      .execute();
    return new Set(rows.map((r) => Number(r.owner_id)));
  }

  async count(ownerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('blacklist')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** True when a row was added (false: already there). */
  async add(ownerId: number, targetId: number, now: number): Promise<boolean> {
    const res = await this.db
      .insertInto('blacklist')
      .values({ owner_id: ownerId, target_id: targetId, created_at: now })
      .onConflict((oc) => oc.columns(['owner_id', 'target_id']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async remove(ownerId: number, targetId: number): Promise<boolean> {
    const res = await this.db
      .deleteFrom('blacklist')
      .where('owner_id', '=', ownerId)
      .where('target_id', '=', targetId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /** The owner's blacklist, newest first, with each user's profile and the owner's remark if still a friend. */
  async page(
    ownerId: number,
    opts: { offset: number; limit: number },
  ): Promise<{ rows: BlackRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('blacklist as b')
        .innerJoin('users as u', 'u.id', 'b.target_id')
        .leftJoin('friendships as f', (j) =>
          j.onRef('f.owner_id', '=', 'b.owner_id').onRef('f.friend_id', '=', 'b.target_id'),
        )
        .select(['b.id', 'b.target_id', 'b.created_at', 'u.wt_id', 'u.nick_name', 'u.avatar', 'f.remark'])
        .where('b.owner_id', '=', ownerId)
        .orderBy('b.id', 'desc')
        .limit(opts.limit)
        .offset(opts.offset)
        .execute(),
      this.count(ownerId),
    ]);
    return { rows, total };
  }
}
