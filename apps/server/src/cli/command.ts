import { existsSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { LANGUAGES, type Language, type LocalizedText } from '@parley/protocol';
import type { Config } from '../config.js';
import { openDatabase, sqlitePath, type DbHandle } from '../db/index.js';
import { CliError, UsageError } from './cli-error.js';
import { HelpTexts } from './texts/help.js';
import { inLanguage, type Text } from './texts/language.js';
import { CliTexts } from './texts/messages.js';

/**
 * What a command writes to: results on `out` (stdout, for scripts), notes and warnings on `err`.
 * A text in every language is printed in the operator's (texts/language.ts).
 */
export interface Io {
  out(line: Text): void;
  err(line: Text): void;
}

/** One `parley` command (or subcommand): its help and what it does with the rest of the line. */
export interface Command {
  name: string;
  /** One line for the list of commands. */
  summary: Text;
  /** `parley …` synopsis lines and the description shown by `--help`. */
  help: Text;
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
    const e = err as NodeJS.ErrnoException;
    const first = e.message.split('\n')[0]!;
    const unknown = e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'([^']+)'/.exec(first) : null;
    throw new UsageError(
      unknown ? CliTexts.unknownOption(unknown[1]!) : CliTexts.badOption(first),
      command.help,
    );
  }
  const n = parsed.positionals.length;
  if (n < positionals.min) throw new UsageError(CliTexts.missingArgument(positionals.names), command.help);
  if (n > positionals.max)
    throw new UsageError(CliTexts.unexpectedArgument(parsed.positionals[positionals.max]!), command.help);
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
  if (raw === undefined) throw new UsageError(CliTexts.missingArgument(`--${name}`), command.help);
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max)
    throw new UsageError(CliTexts.wholeNumber(name, min, max, raw), command.help);
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
    throw new CliError(CliTexts.noDatabase(sqlitePath(config)));
  const handle = await openDatabase(config);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** `parley <name> <sub> …`: a command made of subcommands, each with its own help. */
export function commandGroup(name: string, summary: Text, subcommands: Command[]): Command {
  const help = perLanguage(
    (lang) => HelpTexts.group(name, summary, commandList(subcommands, 16, lang))[lang],
  );
  return {
    name,
    summary,
    help,
    handlesHelp: true,
    async run(args, config, io) {
      const [sub, ...rest] = args;
      if (sub === undefined || sub === '--help' || sub === '-h') {
        if (sub === undefined) throw new UsageError(CliTexts.missingGroupCommand(name), help);
        io.out(help);
        return;
      }
      const command = subcommands.find((c) => c.name === sub);
      if (!command) throw new UsageError(CliTexts.unknownCommand(`parley ${name} ${sub}`), help);
      if (rest.includes('--help') || rest.includes('-h')) {
        io.out(command.help);
        return;
      }
      await command.run(rest, config, io);
    },
  };
}

/** A text built once per language. */
export function perLanguage(build: (lang: Language) => string): LocalizedText {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, build(lang)])) as Record<Language, string>;
}

/** The `  name   summary` lines of a list of commands, in one language. */
export function commandList(commands: Command[], width: number, lang: Language): string {
  return commands.map((c) => `  ${c.name.padEnd(width)}${inLanguage(c.summary, lang)}`).join('\n');
}
