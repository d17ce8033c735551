import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteFile } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { newUserRow } from '../src/modules/users/user.repo.js';

type Connection = ReturnType<typeof openSqliteFile>;

/**
 * A fresh, migrated SQLite file with two users (alice and bob) and two connections to it, as a
 * running server has them: `main` (the main thread, or another process) and `thread` (the send
 * thread). `close` shuts both and removes the file.
 */
export interface TwoConnections {
  main: Connection;
  thread: Connection;
  ids: { a: number; b: number };
  close(): Promise<void>;
}

export async function openTwoConnections(name: string): Promise<TwoConnections> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `parley-${name}-`));
  const file = path.join(dir, 'parley.db');
  const main = openSqliteFile(file);
  await migrateToLatest(main.db);
  const now = Date.now();
  const add = async (wtId: string) => {
    const row = await main.db
      .insertInto('users')
      .values(newUserRow({ wtId, phone: `+1555${wtId}`, nickName: wtId, pwdHash: 'x', now }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const ids = { a: await add('alice'), b: await add('bob') };
  const thread = openSqliteFile(file);
  return {
    main,
    thread,
    ids,
    close: async () => {
      await thread.db.destroy();
      await main.db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
