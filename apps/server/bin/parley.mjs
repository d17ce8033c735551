#!/usr/bin/env node
/**
 * `parley`, the operator CLI (`parley --help`; docs/operations.md "Operator CLI"). It runs the
 * compiled dist/parley.js that `npm run build` writes: no TypeScript toolchain in production.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const compiled = path.resolve(import.meta.dirname, '../dist/parley.js');
if (!existsSync(compiled)) {
  process.stderr.write(`parley: ${compiled} is missing: run \`npm run build\` first\n`);
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(compiled).href);
