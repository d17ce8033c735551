import { loadConfig, type Config } from '../config.js';
import { openDatabase, type DbHandle } from '../db/index.js';

/**
 * Runs a command-line tool (`npm run seed`) on the configured database:
 * opens and migrates it, runs `work`, closes it, and exits with the code `work` answers (0 when it
 * answers nothing; a crash prints the error and exits 1).
 */
export function runOperatorTool(work: (db: DbHandle, config: Config) => Promise<number | void>): void {
  const run = async () => {
    const config = loadConfig();
    const handle = await openDatabase(config);
    try {
      return (await work(handle, config)) ?? 0;
    } finally {
      await handle.close();
    }
  };
  void run().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
