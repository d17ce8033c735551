import { Repo } from '../../db/repo.js';

/** What the metrics' gauges count in the database at a scrape (families.ts). */
export class OpsGaugesRepo extends Repo {
  /** Calls ringing or connected, one-to-one and group. */
  async activeCalls(): Promise<{ oneToOne: number; group: number }> {
    const count = async (group: boolean) => {
      const row = await this.db
        .selectFrom('calls')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['ringing', 'connected'])
        .where('group_id', group ? 'is not' : 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    };
    return { oneToOne: await count(false), group: await count(true) };
  }

  /** Moments whose fan-out job is still queued. */
  async fanoutBacklog(): Promise<number> {
    const row = await this.db
      .selectFrom('moment_fanout')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
