import { parseCommandArgs, withDatabase, type Command } from './command.js';
import { schemaVersion } from '../db/migrate.js';
import { HelpTexts } from './texts/help.js';
import { CliTexts } from './texts/messages.js';

export const migrateCommand: Command = {
  name: 'migrate',
  summary: HelpTexts.migrate,
  help: HelpTexts.migrateHelp,
  async run(args, config, io) {
    parseCommandArgs(this, args, {}, { min: 0, max: 0, names: '' });
    const cfg = config();
    await withDatabase(
      cfg,
      async (handle) => {
        const schema = await schemaVersion(handle.db, cfg.databaseUrl ? cfg.databaseSchema : undefined);
        io.out(CliTexts.schemaAt(handle.dialect, schema?.version, schema?.migrations ?? 0));
      },
      { create: true },
    );
  },
};
