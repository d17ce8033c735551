import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph.js';

// The lint rule that keeps SQL in repositories (eslint.config.js `sql-only-in-repos`), run on code
// as if it stood in a given file: it must refuse SQL in a service and allow it in a repo and in db/.
const eslint = new ESLint({ cwd: ROOT });
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'layering/sql-only-in-repos').map((m) => m.message);
}

const QUERY = `import type { Executor } from '../../db/repo.js';
export const names = (db: Executor) => db.selectFrom('users').select('wt_id').execute();
`;
const SQL_VALUE = `import { sql } from 'kysely';
export const one = sql\`select 1\`;
`;
const STATEMENT = `import { prepared } from '../../db/compiled.js';
export const q = prepared<{ id: number }, { id: number }>((db, p) => db.selectFrom('users').select('id').where('id', '=', p('id')));
`;

// Loading ESLint's configuration (typescript-eslint) takes seconds on a busy machine.
describe('SQL only in repositories and db/', { timeout: 180_000 }, () => {
  it('refuses a query builder, a Kysely value import and a prepared statement in a service', async () => {
    expect(await problems('apps/server/src/modules/x/x.service.ts', QUERY)).toEqual([
      "SQL belongs in a *.repo.ts (or db/): '.selectFrom(…)' builds a query.",
    ]);
    expect(await problems('apps/server/src/modules/x/x.service.ts', SQL_VALUE)).toEqual([
      "SQL belongs in a *.repo.ts (or db/): import only Kysely's types here ('import type').",
    ]);
    expect(await problems('apps/server/src/realtime/x.ts', STATEMENT)).toEqual([
      "SQL belongs in a *.repo.ts (or db/): 'prepared' builds a statement.",
      "SQL belongs in a *.repo.ts (or db/): '.selectFrom(…)' builds a query.",
    ]);
  });

  it('allows them in a repository and in db/, and type imports anywhere', async () => {
    expect(await problems('apps/server/src/modules/x/x.repo.ts', QUERY + SQL_VALUE)).toEqual([]);
    expect(await problems('apps/server/src/db/x.ts', STATEMENT)).toEqual([]);
    expect(
      await problems('apps/server/src/modules/x/x.service.ts', "import type { Kysely } from 'kysely';\n"),
    ).toEqual([]);
  });
});
