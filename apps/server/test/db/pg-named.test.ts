import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { nameStatement, statementName, withNamedStatements } from '../../src/db/pg-named.js';
import { SyncRepo } from '../../src/modules/messaging/core/sync.repo.js';
import { startTestServer } from '../helpers.js';
import { describeWithServices } from '../services.js';

// The PostgreSQL pass only (services.ts): hot statements run as named statements on the pool's
// connections.
const url = process.env.DATABASE_URL;

describeWithServices(['DATABASE_URL'], 'named statements (PostgreSQL)', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = withNamedStatements(new pg.Pool({ connectionString: url, max: 1 }));
  });
  afterAll(() => pool?.end());

  const prepared = async (client: pg.PoolClient) =>
    (
      await client.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements order by name',
      )
    ).rows;

  it('a registered statement is prepared once on the connection and answers as before', async () => {
    const hot = `select $1::int + 1 as n /* ${Math.random()} */`;
    const cold = 'select $1::int * 2 as n';
    nameStatement(hot);
    nameStatement(hot); // registering again keeps its name
    const name = statementName(hot)!;
    expect(name).toMatch(/^parley_\d+$/);
    const client = await pool.connect();
    try {
      expect((await client.query(hot, [1])).rows).toEqual([{ n: 2 }]);
      expect((await client.query(hot, [41])).rows).toEqual([{ n: 42 }]);
      expect((await client.query(cold, [4])).rows).toEqual([{ n: 8 }]);
      const statements = await prepared(client);
      expect(statements).toEqual(expect.arrayContaining([{ name, statement: hot }]));
      expect(statements.filter((s) => s.statement === cold)).toEqual([]);
      // Other forms pass through untouched: a config object, a callback.
      expect((await client.query({ text: hot, values: [2] })).rows).toEqual([{ n: 3 }]);
      const viaCallback = await new Promise((resolve, reject) =>
        client.query(hot, [9], (err, res) => (err ? reject(err) : resolve(res.rows))),
      );
      expect(viaCallback).toEqual([{ n: 10 }]);
    } finally {
      client.release();
    }
  });

  it('an error in a named statement fails that query only; the connection goes on', async () => {
    const bad = `select 1 / $1::int as n /* ${Math.random()} */`;
    nameStatement(bad);
    const client = await pool.connect();
    try {
      await expect(client.query(bad, [0])).rejects.toThrow(/division by zero/);
      expect((await client.query(bad, [1])).rows).toEqual([{ n: 1 }]);
    } finally {
      client.release();
    }
  });
});

describeWithServices(['DATABASE_URL'], 'the server’s pool (PostgreSQL)', () => {
  /** The named statements on the connection a transaction holds, after a hot read on it. */
  async function namedAfterHotRead(namedStatements: boolean) {
    const t = await startTestServer({ databaseNamedStatements: namedStatements });
    try {
      return await t.server.ctx.db.transaction().execute(async (trx) => {
        expect(await new SyncRepo(trx).current(1)).toBe(0);
        const { rows } = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements where name like 'parley\_%'`.execute(trx);
        return rows;
      });
    } finally {
      await t.close();
    }
  }

  it('runs its hot statements named; DATABASE_NAMED_STATEMENTS=0 leaves them unnamed', async () => {
    const named = await namedAfterHotRead(true);
    expect(named.some((r) => r.statement.includes('from "sync_versions"'))).toBe(true);
    expect(await namedAfterHotRead(false)).toEqual([]);
  });
});
