import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runOperatorTool } from '../../lib/operator-tool.js';
import { loadFaqFile } from './faq-file.js';
import { HelperFaqRepo } from './helper-faq.repo.js';

/**
 * Operator tool: `npm run helper:faq -w @parley/server -- [file.json]` replaces the helper's FAQ and
 * texts with the file's (default: apps/server/helper-faq.json). Format: docs/api.md "Helper".
 */
runOperatorTool(async (handle) => {
  const file = process.argv[2]
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2])
    : path.resolve(import.meta.dirname, '../../../helper-faq.json');
  try {
    const n = await loadFaqFile(new HelperFaqRepo(handle.db), await readFile(file, 'utf8'));
    console.log(`${file}: ${n} questions loaded`);
    return 0;
  } catch (err) {
    console.error(`${file}: ${(err as Error).message}`);
    return 1;
  }
});
