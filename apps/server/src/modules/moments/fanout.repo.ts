import { sql, type Selectable } from 'kysely';
import { prepared, preparedBy } from '../../db/compiled.js';
import { isPostgres } from '../../db/dialect.js';
import { Repo } from '../../db/repo.js';
import type { MomentFanoutTable } from '../../db/schema.js';

export type FanoutJob = Selectable<MomentFanoutTable>;

/** One friend of a chunk: the author's row of them and their row of the author (if any). */
export interface FanoutFriend {
  friend_id: number;
  mine_space_status: number;
  friends_space_status: number | null;
}

const oldestJob = prepared<Record<string, never>, FanoutJob>((db) =>
  db.selectFrom('moment_fanout').selectAll().orderBy('moment_id').limit(1),
);

const friendsAfter = preparedBy<number, { authorId: number; afterId: number }, FanoutFriend>((limit, db, p) =>
  db
    .selectFrom('friendships as a')
    .leftJoin('friendships as v', (j) =>
      j.onRef('v.owner_id', '=', 'a.friend_id').onRef('v.friend_id', '=', 'a.owner_id'),
    )
    .select(['a.friend_id', 'a.mine_space_status', 'v.friends_space_status'])
    .where('a.owner_id', '=', p('authorId'))
    .where('a.friend_id', '>', p('afterId'))
    .orderBy('a.friend_id')
    .limit(limit),
);

const addressOne = prepared<{ viewerId: number; momentId: number }, never>((db, p) =>
  db
    .insertInto('moment_inbox')
    .values({ viewer_id: p('viewerId'), moment_id: p('momentId') })
    .onConflict((oc) => oc.doNothing()),
);

const advance = prepared<{ momentId: number; afterId: number; nextId: number }, never>((db, p) =>
  db
    .updateTable('moment_fanout')
    .set({ after_id: p('nextId') })
    .where('moment_id', '=', p('momentId'))
    .where('after_id', '=', p('afterId')),
);

const finish = prepared<{ momentId: number; afterId: number }, never>((db, p) =>
  db.deleteFrom('moment_fanout').where('moment_id', '=', p('momentId')).where('after_id', '=', p('afterId')),
);

/** SQL of the moments' delivery queue (modules/moments/fanout.ts). */
export class FanoutRepo extends Repo {
  async enqueue(job: FanoutJob): Promise<void> {
    await this.db.insertInto('moment_fanout').values(job).execute();
  }

  /** The oldest moment still being delivered. */
  oldest(): Promise<FanoutJob | undefined> {
    return oldestJob.first(this.db, {});
  }

  /** The author's next `limit` friends after `afterId`, in id order. */
  friendsAfter(authorId: number, afterId: number, limit: number): Promise<FanoutFriend[]> {
    return friendsAfter(limit).all(this.db, { authorId, afterId });
  }

  /** Puts the moment in these viewers' inboxes (rows already there are kept). */
  async address(momentId: number, viewerIds: readonly number[]): Promise<void> {
    if (viewerIds.length === 0) return;
    if (!isPostgres(this.db)) {
      // SQLite: one prepared statement per row, run on the connection (a few µs each).
      for (const viewerId of viewerIds) await addressOne.run(this.db, { viewerId, momentId });
      return;
    }
    await this.db
      .insertInto('moment_inbox')
      .columns(['viewer_id', 'moment_id'])
      .expression(
        sql<{
          viewer_id: number;
          moment_id: number;
        }>`select unnest(${viewerIds}::bigint[]), ${momentId}::bigint`,
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /**
   * Acknowledges a chunk: moves the job past `nextId`, or ends it (`nextId` null). False when the job
   * is no longer where this chunk found it (another node delivered it, or the moment was removed).
   */
  async ack(momentId: number, afterId: number, nextId: number | null): Promise<boolean> {
    const changed =
      nextId === null
        ? await finish.run(this.db, { momentId, afterId })
        : await advance.run(this.db, { momentId, afterId, nextId });
    return changed === 1;
  }

  async remove(momentId: number): Promise<void> {
    await this.db.deleteFrom('moment_fanout').where('moment_id', '=', momentId).execute();
  }
}
