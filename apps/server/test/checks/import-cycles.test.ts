import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from './import-graph.js';

// No import cycles in the protocol, server and web sources, type-only imports included: a cycle
// makes the order modules initialize in depend on which one is loaded first, and hides which of two
// parts depends on the other (docs/architecture.md "Folders").
describe('import graph', () => {
  it('has no cycles', () => {
    const found = cycles(importGraph()).map((c) => c.join(' → '));
    expect(found).toEqual([]);
  });

  it('finds a cycle, type-only edges included, and names its files in order', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(cycles(graph)).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
      ['e.ts', 'e.ts'],
    ]);
    expect(
      importGraph(['apps/server/test/checks']).get('apps/server/test/checks/import-cycles.test.ts'),
    ).toEqual(['apps/server/test/checks/import-graph.ts']);
  });
});
