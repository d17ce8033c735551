import { existsSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Config } from '../config.js';
import { openDatabase, sqlitePath, type DbHandle } from '../db/index.js';
import { CliError, UsageError } from './cli-error.js';

/** What a command writes to: results on `out` (stdout, for scripts), notes and warnings on `err`. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
}

/** One `parley` command (or subcommand): its help and what it does with the rest of the line. */
export interface Command {
  name: string;
  /** One line for the list of commands. */
  summary: string;
  /** `parley …` synopsis lines and the description shown by `--help`. */
  help: string;
  /** Subcommands answer `--help` themselves (a group's `parley user ban --help`). */
  handlesHelp?: boolean;
  run(args: string[], config: () => Config, io: Io): Promise<void>;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Parses a command's arguments strictly: an unknown option, a missing value or a wrong number of
 * positionals is a UsageError carrying the command's help.
 */
export function parseCommandArgs<O extends Options>(
  command: Pick<Command, 'help'>,
  args: string[],
  options: O,
  positionals: { min: number; max: number; names: string },
) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message.split('\n')[0]!, command.help);
  }
  const n = parsed.positionals.length;
  if (n < positionals.min) throw new UsageError(`missing ${positionals.names}`, command.help);
  if (n > positionals.max)
    throw new UsageError(`unexpected argument: ${parsed.positionals[positionals.max]}`, command.help);
  return parsed;
}

/** A whole number in [min, max] given as an option's text, or a UsageError naming the option. */
export function wholeNumber(
  command: Pick<Command, 'help'>,
  name: string,
  raw: string | undefined,
  min: number,
  max: number,
): number {
  if (raw === undefined) throw new UsageError(`missing --${name}`, command.help);
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}: ${raw}`, command.help);
  return n;
}

/**
 * Runs `work` on the configured database (opened and migrated as the server opens it), closing it
 * after, whatever `work` does. A SQLite file that is not there is refused (a mistyped
 * PARLEY_DATA_DIR would otherwise get a new, empty database) unless `create`.
 */
export async function withDatabase<T>(
  config: Config,
  work: (handle: DbHandle) => Promise<T>,
  { create = false } = {},
): Promise<T> {
  if (!config.databaseUrl && !create && !existsSync(sqlitePath(config)))
    throw new CliError(
      `no database at ${sqlitePath(config)}: is PARLEY_DATA_DIR the server's data folder? (\`parley migrate\` creates a new one)`,
    );
  const handle = await openDatabase(config);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** `parley <name> <sub> …`: a command made of subcommands, each with its own help. */
export function commandGroup(name: string, summary: string, subcommands: Command[]): Command {
  const help = [
    `parley ${name} <command> [options]`,
    '',
    summary,
    '',
    'Commands:',
    ...subcommands.map((c) => `  ${c.name.padEnd(16)}${c.summary}`),
    '',
    `Run \`parley ${name} <command> --help\` for one command's options.`,
  ].join('\n');
  return {
    name,
    summary,
    help,
    handlesHelp: true,
    async run(args, config, io) {
      const [sub, ...rest] = args;
      if (sub === undefined || sub === '--help' || sub === '-h') {
        if (sub === undefined) throw new UsageError(`missing the ${name} command`, help);
        io.out(help);
        return;
      }
      const command = subcommands.find((c) => c.name === sub);
      if (!command) throw new UsageError(`unknown command: parley ${name} ${sub}`, help);
      if (rest.includes('--help') || rest.includes('-h')) {
        io.out(command.help);
        return;
      }
      await command.run(rest, config, io);
    },
  };
}
