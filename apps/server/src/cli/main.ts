import serverPackage from '../../package.json' with { type: 'json' };
import { adminCommands } from './admin.js';
import { loadConfig, type Config } from '../config.js';
import { backupCommand } from './backup/backup.command.js';
import { restoreCommand } from './backup/restore.command.js';
import { CliError, UsageError } from './cli-error.js';
import { commandList, perLanguage, type Command, type Io } from './command.js';
import { helperCommands } from './helper-faq.js';
import { memberCommands } from './member.js';
import { migrateCommand } from './migrate.js';
import { reportsCommand } from './reports.js';
import { HelpTexts } from './texts/help.js';
import { cliLanguage, inLanguage } from './texts/language.js';
import { CliTexts } from './texts/messages.js';
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

const help = perLanguage((lang) => HelpTexts.main(PARLEY_VERSION, commandList(commands, 10, lang))[lang]);

/** The text of an error that is not the CLI's own (a driver's, the file system's). */
function describe(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length) return describe(err.errors[0]);
  if (err instanceof Error) return err.message || (err as NodeJS.ErrnoException).code || err.name;
  return String(err);
}

/** Where `parley` prints: stdout and stderr, one line (or block) at a time. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/**
 * Runs one `parley` command line (the arguments after `parley`) and answers its exit code. Nothing
 * it refuses is thrown: the message goes to `output.err`, with the command's usage when the line was
 * wrong. Texts are printed in the environment's language (cliLanguage).
 */
export async function runCli(
  argv: string[],
  output: Output,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const lang = cliLanguage(env);
  const io: Io = {
    out: (line) => output.out(inLanguage(line, lang)),
    err: (line) => output.err(inLanguage(line, lang)),
  };
  const [name, ...rest] = argv;
  const config = (): Config => {
    try {
      return loadConfig(env);
    } catch (err) {
      throw new CliError(CliTexts.configuration(describe(err)));
    }
  };
  try {
    if (name === undefined) throw new UsageError(CliTexts.missingCommand, help);
    if (name === '--help' || name === '-h' || name === 'help') {
      io.out(help);
      return 0;
    }
    if (name === '--version' || name === '-v') {
      io.out(PARLEY_VERSION);
      return 0;
    }
    const command = commands.find((c) => c.name === name);
    if (!command) throw new UsageError(CliTexts.unknownCommand(name), help);
    if (!command.handlesHelp && (rest.includes('--help') || rest.includes('-h'))) {
      io.out(command.help);
      return 0;
    }
    await command.run(rest, config, io);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`parley: ${inLanguage(err.text, lang)}\n\n${inLanguage(err.usage, lang)}`);
      return err.exitCode;
    }
    if (err instanceof CliError) {
      io.err(`parley: ${inLanguage(err.text, lang)}`);
      return err.exitCode;
    }
    io.err(`parley: ${describe(err)}`);
    if (env.PARLEY_DEBUG && err instanceof Error && err.stack) io.err(err.stack);
    return 1;
  }
}
