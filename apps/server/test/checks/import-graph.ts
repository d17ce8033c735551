import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The repository's root. */
export const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The source trees whose imports must not form cycles (tests included: they import what they test). */
export const SOURCE_TREES = ['packages/protocol/src', 'apps/server/src', 'apps/web/src'];

const CODE = /\.(ts|tsx)$/;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else if (CODE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The file a relative specifier names (`./x.js` → x.ts or x.tsx; a folder → its index). */
function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
  for (const candidate of [
    `${stem}.ts`,
    `${stem}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Every static import and re-export between the files of `trees`, type-only ones included (a dynamic
 * `import()` loads a chunk on demand and is not an edge). Files are relative to the root.
 */
export function importGraph(trees = SOURCE_TREES): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const tree of trees) {
    for (const file of filesUnder(path.join(ROOT, tree))) {
      const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
      const edges: string[] = [];
      for (const st of source.statements) {
        const spec =
          (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) &&
          st.moduleSpecifier &&
          ts.isStringLiteral(st.moduleSpecifier)
            ? st.moduleSpecifier.text
            : undefined;
        if (!spec?.startsWith('.')) continue;
        const target = resolve(file, spec);
        if (target) edges.push(path.relative(ROOT, target));
      }
      graph.set(path.relative(ROOT, file), edges);
    }
  }
  return graph;
}

/**
 * The cycles of `graph`: one per strongly connected component of more than one file (or a file
 * importing itself), each shown as a path through its files that returns to the first.
 */
export function cycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative (the web tree is deep enough to worry a recursive one).
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const edges = graph.get(top.node) ?? [];
      if (top.next < edges.length) {
        const to = edges[top.next++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        const selfLoop = (graph.get(top.node) ?? []).includes(top.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components.map((c) => pathThrough(graph, new Set(c)));
}

/** A closed path through a component's files, found breadth-first from its first file (sorted). */
function pathThrough(graph: Map<string, string[]>, members: Set<string>): string[] {
  const start = [...members].sort()[0]!;
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [node];
        for (let at = node; at !== start; at = from.get(at)!) path.unshift(from.get(at)!);
        return [...path, start];
      }
      if (!from.has(to)) {
        from.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}
