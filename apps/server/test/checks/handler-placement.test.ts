import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph.js';

// Handlers live only in `*.routes.ts` (docs/architecture.md "Layers on the server"): a module file
// builds its services and passes them to its routes file. Any other file of modules/ that writes a
// `DomainHandlers<…>` table fails this check. The calls module still declares its handlers beside
// its socket frames (listed here until they move to a calls.routes.ts).
const MODULES = path.join(ROOT, 'apps/server/src/modules');
const NOT_YET = ['calls/calls.module.ts'];
/** A handler table: a variable or a function's answer typed `DomainHandlers<…>`. */
const TABLE = /(?:const|let)\s+\w+\s*:\s*DomainHandlers<|\)\s*:\s*DomainHandlers</;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('handlers only in *.routes.ts', () => {
  it('no other module file declares a handler table', () => {
    const outside = files(MODULES)
      .filter((f) => !f.endsWith('.routes.ts') && !f.endsWith('.test.ts'))
      .filter((f) => TABLE.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(MODULES, f).split(path.sep).join('/'));
    expect(outside).toEqual(NOT_YET);
  });
});
