import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTwoConnections, type TwoConnections } from '../../test/two-connections.js';
import { sqliteFileOf } from './compiled.js';
import { OtherCommits } from './other-commits.js';

let db: TwoConnections;
let others: OtherCommits;

/** Asks inside a write transaction, as the send thread's batches do. */
function ask(): boolean {
  const file = sqliteFileOf(db.thread.db)!;
  file.prepare('begin immediate').run([]);
  try {
    return others.sinceLastAsked();
  } finally {
    file.prepare('commit').run([]);
  }
}

beforeEach(async () => {
  db = await openTwoConnections('others');
  others = new OtherCommits(sqliteFileOf(db.thread.db)!);
});
afterEach(() => db.close());

describe('OtherCommits', () => {
  it("answers yes first, then only after another connection's commit", async () => {
    expect(ask()).toBe(true);
    expect(ask()).toBe(false);

    // This connection's own commit, and another connection's read: no.
    await db.thread.db.updateTable('users').set({ bio: 'own' }).where('id', '=', db.ids.a).execute();
    await db.main.db.selectFrom('users').select('id').execute();
    expect(ask()).toBe(false);

    await db.main.db.updateTable('users').set({ bio: 'other' }).where('id', '=', db.ids.a).execute();
    expect(ask()).toBe(true);
    expect(ask()).toBe(false);
  });
});
