import serverPackage from '../../package.json' with { type: 'json' };
import { adminCommands } from './admin.js';
import { loadConfig, type Config } from '../config.js';
import { backupCommand } from './backup/backup.command.js';
import { restoreCommand } from './backup/restore.command.js';
import { CliError, UsageError } from './cli-error.js';
import type { Command, Io } from './command.js';
import { helperCommands } from './helper-faq.js';
import { memberCommands } from './member.js';
import { migrateCommand } from './migrate.js';
import { reportsCommand } from './reports.js';
import { userCommands } from './users.js';

/** The version of Parley this CLI belongs to (the server package's). */
export const PARLEY_VERSION: string = serverPackage.version;

const commands: Command[] = [
  migrateCommand,
  backupCommand,
  restoreCommand,
  userCommands,
  memberCommands,
  helperCommands,
  reportsCommand,
  adminCommands,
];

const help = [
  'parley <command> [options]',
  '',
  `The operator's tool of Parley ${PARLEY_VERSION}. It reads the configuration the server reads (the`,
  'environment: DATABASE_URL or PARLEY_DATA_DIR, DATABASE_SCHEMA, S3_BUCKET…; docs/operations.md).',
  '',
  'Commands:',
  ...commands.map((c) => `  ${c.name.padEnd(10)}${c.summary}`),
  '',
  'Run `parley <command> --help` for one command. Exit codes: 0 done, 1 refused or failed, 2 wrong',
  'command line. PARLEY_DEBUG=1 adds the stack trace to an unexpected error.',
].join('\n');

/** The text of an error that is not the CLI's own (a driver's, the file system's). */
function describe(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length) return describe(err.errors[0]);
  if (err instanceof Error) return err.message || (err as NodeJS.ErrnoException).code || err.name;
  return String(err);
}

/**
 * Runs one `parley` command line (the arguments after `parley`) and answers its exit code. Nothing
 * it refuses is thrown: the message goes to `io.err`, with the command's usage when the line was
 * wrong.
 */
export async function runCli(
  argv: string[],
  io: Io,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const [name, ...rest] = argv;
  const config = (): Config => {
    try {
      return loadConfig(env);
    } catch (err) {
      throw new CliError(`configuration: ${describe(err)}`);
    }
  };
  try {
    if (name === undefined) throw new UsageError('missing the command', help);
    if (name === '--help' || name === '-h' || name === 'help') {
      io.out(help);
      return 0;
    }
    if (name === '--version' || name === '-v') {
      io.out(PARLEY_VERSION);
      return 0;
    }
    const command = commands.find((c) => c.name === name);
    if (!command) throw new UsageError(`unknown command: ${name}`, help);
    if (!command.handlesHelp && (rest.includes('--help') || rest.includes('-h'))) {
      io.out(command.help);
      return 0;
    }
    await command.run(rest, config, io);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`parley: ${err.message}\n\n${err.usage}`);
      return err.exitCode;
    }
    if (err instanceof CliError) {
      io.err(`parley: ${err.message}`);
      return err.exitCode;
    }
    io.err(`parley: ${describe(err)}`);
    if (env.PARLEY_DEBUG && err instanceof Error && err.stack) io.err(err.stack);
    return 1;
  }
}
