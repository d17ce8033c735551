import { parseCommandArgs, withDatabase, type Command } from './command.js';
import { schemaVersion } from '../db/migrate.js';

export const migrateCommand: Command = {
  name: 'migrate',
  summary: 'bring the database schema up to date',
  help: `parley migrate

Applies the migrations this version of Parley carries that the configured database lacks, then
prints the schema version. The server does the same when it starts; run it on its own to migrate
ahead of a start, or to check which schema a database has.`,
  async run(args, config, io) {
    parseCommandArgs(this, args, {}, { min: 0, max: 0, names: '' });
    const cfg = config();
    await withDatabase(
      cfg,
      async (handle) => {
        const schema = await schemaVersion(handle.db, cfg.databaseUrl ? cfg.databaseSchema : undefined);
        io.out(
          `${handle.dialect} database at schema ${schema?.version ?? '(none)'} (${schema?.migrations ?? 0} migrations)`,
        );
      },
      { create: true },
    );
  },
};
