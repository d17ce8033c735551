import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './import-graph.js';

/** Where references to the docs are looked for: sources, scripts, benches and the docs themselves. */
const TREES = [
  'apps/server',
  'apps/web/src',
  'apps/web/scripts',
  'packages/protocol/src',
  'bench',
  'e2e',
  'scripts',
  'docs',
];
const FILES = ['README.md', 'eslint.config.js', 'vitest.config.ts'];
const SKIP = /(^|\/)(node_modules|dist|\.tmp|artifacts|screenshots)(\/|$)/;
const TEXT = /\.(ts|tsx|mjs|js|md|css)$/;

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (SKIP.test(path.relative(ROOT, full))) continue;
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else if (TEXT.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * A page's named sections: its headings (as written after the `#`s) and the bold labels that open a
 * paragraph or a list item (`- **Sync.** …`), which the pages use as the sections of a long list.
 */
export function headingsOf(markdown: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const m = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line) ?? /^(?:[-*]\s+)?\*\*([^*]+?)[.:]?\*\*/.exec(line);
    if (!m) continue;
    const name = m[1]!.replace(/`/g, '');
    out.add(name);
    // "Resumable uploads (tus)" is cited as "Resumable uploads" too.
    const short = /^(.+?) \(/.exec(name)?.[1];
    if (short) out.add(short);
  }
  return out;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/**
 * References to a heading of a page under docs/ or the README: `api.md "Sync"` (a quoted heading
 * after the page's name, as comments and pages cite them) and markdown links `(api.md#sync)`.
 */
const QUOTED = /([\w./-]*\.md)\s+("([^"\n]+)"|“([^”\n]+)”)/g;
const LINKED = /\]\(([\w./-]*\.md)#([^)\s]+)\)/g;
/** What a comment must not cite: an issue tracker a clone lacks, or a dated journal entry. */
const CITATION = /\bissues? #?\d+\b|"[A-Z][a-z]+(-[a-z]+)? session"/i;
/** A page named by its path from the root (`docs/decisions/004-read-snapshots.md`): it must exist. */
const PATH = /\b(docs\/[\w./-]+\.md)\b/g;

/** Each reference whose page or heading does not exist: "file:line: page "heading"". */
export function brokenReferences(): string[] {
  const pages = new Map<string, string>();
  for (const file of [...filesUnder(path.join(ROOT, 'docs')), path.join(ROOT, 'README.md')])
    if (file.endsWith('.md')) pages.set(path.relative(ROOT, file), fs.readFileSync(file, 'utf8'));
  const pageFor = (from: string, name: string): string | undefined => {
    const near = path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, from)), name));
    if (pages.has(near)) return near;
    const inDocs = path.join('docs', name.replace(/^(\.\/|\.\.\/)*(docs\/)?/, ''));
    if (pages.has(inDocs)) return inDocs;
    const base = path.basename(name);
    return [...pages.keys()].find((p) => path.basename(p) === base);
  };
  const headings = new Map<string, { names: Set<string>; anchors: Set<string> }>();
  const of = (page: string) => {
    let h = headings.get(page);
    if (!h) {
      const names = headingsOf(pages.get(page)!);
      h = { names, anchors: new Set([...names].map(anchorOf)) };
      headings.set(page, h);
    }
    return h;
  };
  const broken: string[] = [];
  for (const file of [
    ...TREES.flatMap((t) => filesUnder(path.join(ROOT, t))),
    ...FILES.map((f) => path.join(ROOT, f)),
  ]) {
    const rel = path.relative(ROOT, file);
    const raw = fs.readFileSync(file, 'utf8').split('\n');
    // A reference wrapped after the page's name continues on the next line, past a comment's marker.
    const lines = raw.map((line, i) => {
      const next = raw[i + 1]?.replace(/^\s*(\*|\/\/)?\s*/, '') ?? '';
      return /\.md$/.test(line) && /^["“]/.test(next) ? `${line} ${next}` : line;
    });
    lines.forEach((line, i) => {
      if (!rel.startsWith('docs/') && CITATION.test(line))
        broken.push(
          `${rel}:${i + 1}: cites an issue tracker or a journal entry (${CITATION.exec(line)![0]})`,
        );
      for (const m of line.matchAll(QUOTED)) {
        const page = pageFor(rel, m[1]!);
        const heading = m[3] ?? m[4]!;
        if (!page || !of(page).names.has(heading)) broken.push(`${rel}:${i + 1}: ${m[1]} "${heading}"`);
      }
      for (const m of line.matchAll(PATH))
        if (!fs.existsSync(path.join(ROOT, m[1]!))) broken.push(`${rel}:${i + 1}: ${m[1]} (no such page)`);
      for (const m of line.matchAll(LINKED)) {
        const page = pageFor(rel, m[1]!);
        if (!page || !of(page).anchors.has(decodeURIComponent(m[2]!)))
          broken.push(`${rel}:${i + 1}: ${m[1]}#${m[2]}`);
      }
    });
  }
  return broken;
}
