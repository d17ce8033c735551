import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadFaqFile } from '../modules/helper/faq-file.js';
import { HelperFaqRepo } from '../modules/helper/helper-faq.repo.js';
import { CliError } from './cli-error.js';
import { HelpTexts } from './texts/help.js';
import { CliTexts } from './texts/messages.js';
import { commandGroup, parseCommandArgs, withDatabase, type Command } from './command.js';

/**
 * The FAQ shipped with Parley: beside the compiled CLI (scripts/build.mjs copies it there), or
 * apps/server/helper-faq.json when it runs from the sources.
 */
function shippedFaq(): string {
  const beside = path.join(import.meta.dirname, 'helper-faq.json');
  return existsSync(beside) ? beside : path.resolve(import.meta.dirname, '../../helper-faq.json');
}

const faq: Command = {
  name: 'faq',
  summary: HelpTexts.faq,
  help: HelpTexts.faqHelp,
  async run(args, config, io) {
    const { positionals } = parseCommandArgs(this, args, {}, { min: 0, max: 1, names: '[file]' });
    const file = positionals[0]
      ? path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0])
      : shippedFaq();
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      throw new CliError(CliTexts.cannotRead(file, (err as NodeJS.ErrnoException).code ?? 'error'));
    }
    await withDatabase(config(), async (handle) => {
      let n: number;
      try {
        n = await loadFaqFile(new HelperFaqRepo(handle.db), text);
      } catch (err) {
        throw new CliError(`${file}: ${(err as Error).message}`);
      }
      io.out(CliTexts.faqLoaded(file, n));
    });
  },
};

export const helperCommands = commandGroup('helper', HelpTexts.helper, [faq]);
