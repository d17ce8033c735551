import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/bundle-budget.mjs compares each route's JavaScript (gzip) in the web build with
// apps/web/bundle-budget.json and fails past +5 % (test-all.mjs runs it after the web build). A small
// made-up build shows the rule at work: what a route counts, where it passes and where it fails.
const root = path.resolve(import.meta.dirname, '../../../..');
const script = path.join(root, 'scripts/bundle-budget.mjs');

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** Text that gzip cannot shrink much, so sizes are far apart and predictable. */
const noise = (seed: number, bytes: number) => {
  let x = seed;
  let s = '';
  while (s.length < bytes) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    s += x.toString(36);
  }
  return s.slice(0, bytes);
};

const FILES: Record<string, string> = {
  'assets/index.js': noise(1, 4000),
  'assets/react.js': noise(2, 8000),
  'assets/AppLayout.js': noise(3, 2000),
  'assets/MessagesPage.js': noise(4, 3000),
  'assets/shared.js': noise(5, 1000),
  'assets/SearchResults.js': noise(6, 50_000),
};
const gz = (file: string) => gzipSync(FILES[file]!, { level: 9 }).length;

/** A build: the files and a manifest in Vite's shape, a page chunk under a hashed key. */
function build(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-budget-'));
  made.push(dist);
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), text);
  }
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_react.js'],
      css: ['assets/index.css'],
      dynamicImports: ['src/app/layouts/AppLayout.tsx', '_MessagesPage-x1.js'],
    },
    '_react.js': { file: 'assets/react.js', name: 'react' },
    '_shared.js': { file: 'assets/shared.js', name: 'shared' },
    'src/app/layouts/AppLayout.tsx': {
      file: 'assets/AppLayout.js',
      name: 'AppLayout',
      isDynamicEntry: true,
      imports: ['index.html', '_react.js', '_shared.js'],
    },
    '_MessagesPage-x1.js': {
      file: 'assets/MessagesPage.js',
      name: 'MessagesPage',
      isDynamicEntry: true,
      imports: ['index.html', '_shared.js'],
      dynamicImports: ['src/features/messages/SearchResults.tsx'],
    },
    'src/features/messages/SearchResults.tsx': {
      file: 'assets/SearchResults.js',
      name: 'SearchResults',
      isDynamicEntry: true,
      imports: ['_MessagesPage-x1.js'],
    },
  };
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return dist;
}

/** What /messages counts: the entry, its layout and page, each static import once; not SearchResults. */
const MESSAGES = [
  'assets/index.js',
  'assets/react.js',
  'assets/AppLayout.js',
  'assets/MessagesPage.js',
  'assets/shared.js',
]
  .map(gz)
  .reduce((a, b) => a + b, 0);

function check(dist: string, routes: Record<string, { chunks: string[]; gzipBytes: number }>, write = false) {
  const budgets = path.join(dist, 'budget.json');
  fs.writeFileSync(budgets, JSON.stringify({ tolerance: 0.05, routes }));
  const res = spawnSync(
    process.execPath,
    [script, '--dist', dist, '--budgets', budgets, ...(write ? ['--write'] : [])],
    { encoding: 'utf8' },
  );
  return { ...res, budgets: JSON.parse(fs.readFileSync(budgets, 'utf8')) as { routes: typeof routes } };
}

describe('bundle budget check', () => {
  const dist = build();

  it('passes a route up to +5 % over its budget', () => {
    const res = check(dist, {
      '/messages': { chunks: ['AppLayout', 'MessagesPage'], gzipBytes: Math.ceil(MESSAGES / 1.05) },
    });
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain('every route within its budget (+5 %)');
    expect(res.status).toBe(0);
  });

  it('fails a route more than 5 % over its budget, naming it, its size and its budget', () => {
    const budget = Math.floor(MESSAGES / 1.06);
    const res = check(dist, {
      '/messages': { chunks: ['AppLayout', 'MessagesPage'], gzipBytes: budget },
      '/other': { chunks: ['AppLayout'], gzipBytes: 100_000 },
    });
    expect(res.status).toBe(1);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    expect(res.stderr).toContain(
      `✗ /messages: ${kb(MESSAGES)} gzip is ${((MESSAGES / budget - 1) * 100).toFixed(1)} % over its budget of ${kb(budget)} (limit +5 %)`,
    );
    expect(res.stderr).not.toContain('/other');
  });

  it('fails a route whose page chunk is no longer in the build', () => {
    const res = check(dist, { '/gone': { chunks: ['AppLayout', 'GonePage'], gzipBytes: 100_000 } });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('✗ /gone: no chunk named GonePage in the build');
  });

  it('--write sets each budget to the build’s size', () => {
    const res = check(dist, { '/messages': { chunks: ['AppLayout', 'MessagesPage'], gzipBytes: 1 } }, true);
    expect(res.status).toBe(0);
    expect(res.budgets.routes['/messages']!.gzipBytes).toBe(MESSAGES);
  });
});
