#!/usr/bin/env node
// Lists the error-catalogue entries (packages/protocol/src/errors.ts, errors/*.ts) that no test asserts, one line
// each (`<code> <name> <text>`), and exits 1 if there is any; prints nothing and exits 0 when every
// entry is covered. Plain Node, no dependencies: `node scripts/untested-codes.mjs`.
//
// The rule: an entry is covered when one test asserts both its code and its text, as the suites
// require of a refusal (docs/api.md "Error codes": a client tells the 10017 variants apart by text).
//  - A test is one `it(…)` / `test(…)` call (an `.each` table included); an assertion statement
//    outside any test (a helper in the file) counts as a test of its own.
//  - An assertion statement starts at a call whose name begins with `expect` or `assert`
//    (`expect(…)`, `expect.soft(…)`, a helper such as `expectRefusal(…)`, `assert.equal(…)`) and runs
//    to the `;` that ends it (brackets, strings, regular expressions and comments are skipped), so a
//    multi-line `expect(res).toMatchObject({ code: 22008, msg: '…' });` is one statement. A literal
//    constant of the file that the statement names (`const REFUSED = { code: 22005, msg: '…' }`) is
//    read as part of it.
//  - The code: the number as a whole token (`22008`, not `122008`) or `Errors.<name>.code`; the text:
//    one of the entry's texts (zh-CN, en, ja) as written in the catalogue or `Errors.<name>.msg`; `Errors.<name>` used whole
//    (`toMatchObject(Errors.groupFull)`) names both. Code and text may be in two statements of the
//    same test (`expect(r.code).toBe(10003); expect(r.msg).toBe('该ID已被占用');`).
//  - Not an assertion: a number in a fixture (`new ApiError(10001, …)`, a mocked answer), a loop over
//    the whole catalogue (`Errors[name]`), and a statement about the catalogue itself
//    (`expect(Errors.x)…`), which checks the data, not that anything sends it.
//
// Test files read: apps/server/test/**, apps/server/src/** and packages/protocol/** files named
// *.test.ts; apps/web/src/** files named *.test.ts or *.test.tsx; e2e/specs/** files named *.spec.ts.
// An argument names another checkout to read instead of this one (the script's own test uses it).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

let root = path.resolve(import.meta.dirname, '..');

/**
 * The catalogue: packages/protocol/src/errors.ts and its area files (errors/*.ts), entries written
 * `name: def(code, status, { 'zh-CN': 'text', en: 'text', ja: 'text' })` (or with the text alone).
 * `msg` is the zh-CN text; `texts` every language's.
 */
export function readCatalogue(file = path.join(root, 'packages/protocol/src/errors.ts')) {
  const dir = path.join(path.dirname(file), 'errors');
  const files = [file];
  if (fs.existsSync(dir))
    for (const f of fs.readdirSync(dir).sort()) if (/\.ts$/.test(f)) files.push(path.join(dir, f));
  const str = `(['"])((?:\\\\.|(?!\\N).)*)\\N`;
  const unescape = (t) => t.replace(/\\(.)/g, '$1');
  const entries = [];
  const re = new RegExp(
    `^\\s*(\\w+):\\s*def\\(\\s*(\\d+)\\s*,\\s*\\d+\\s*,\\s*(?:${str.replaceAll('N', '3')}\\s*\\)|\\{([^}]*)\\})`,
    'gm',
  );
  const lang = new RegExp(`(?:'zh-CN'|en|ja)\\s*:\\s*${str.replaceAll('N', '1')}`, 'g');
  for (const f of files) {
    for (const m of fs.readFileSync(f, 'utf8').matchAll(re)) {
      const texts =
        m[5] === undefined ? [unescape(m[4])] : [...m[5].matchAll(lang)].map((t) => unescape(t[2]));
      entries.push({ name: m[1], code: Number(m[2]), msg: texts[0], texts });
    }
  }
  if (entries.length === 0) throw new Error(`no catalogue entries found in ${file}`);
  return entries;
}

const SOURCES = [
  { dir: 'apps/server/test', test: /\.test\.ts$/ },
  { dir: 'apps/server/src', test: /\.test\.ts$/ },
  { dir: 'packages/protocol', test: /\.test\.ts$/ },
  { dir: 'apps/web/src', test: /\.test\.tsx?$/ },
  { dir: 'e2e/specs', test: /\.spec\.ts$/ },
];

function walk(dir, test, out) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, test, out);
    else if (test.test(entry.name)) out.push(full);
  }
  return out;
}

export function testFiles() {
  return SOURCES.flatMap((s) => walk(path.join(root, s.dir), s.test, []));
}

const OPEN = { '(': ')', '[': ']', '{': '}' };
/** What may precede a `/` that starts a regular expression rather than dividing. */
const REGEX_BEFORE = /(?:^|[(,=:[!&|?{};]|\breturn)\s*$/;
const ASSERTION = /\b(?:expect|assert)\w*\s*(?:\.\s*\w+\s*)?\(/g;
const TEST = /(?<![\w.])(?:it|test)(?:\s*\.\s*\w+)*\s*\(/g;
const CONSTANT = /\b(?:const|let)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=(?!=)/g;

/**
 * Scans from `from` and returns where the code there ends: with `untilClose`, just after the bracket
 * that closes the one open at `from`; otherwise at the `;` that ends the statement at depth 0 (or
 * where the enclosing block closes). Strings, regular expressions and comments are skipped.
 */
function scan(src, from, untilClose = false) {
  const stack = [];
  let i = from;
  while (i < src.length) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') {
      const end = src.indexOf('\n', i);
      i = end < 0 ? src.length : end;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? src.length : end + 2;
      continue;
    }
    if (c === '/' && REGEX_BEFORE.test(src.slice(Math.max(0, i - 12), i))) {
      // A regular expression literal (`/^a; b"/`), its character classes included.
      let inClass = false;
      i += 1;
      while (i < src.length && src[i] !== '\n' && (inClass || src[i] !== '/')) {
        if (src[i] === '\\') i += 1;
        else if (src[i] === '[') inClass = true;
        else if (src[i] === ']') inClass = false;
        i += 1;
      }
      i += 1;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      i += 1;
      while (i < src.length && src[i] !== c) i += src[i] === '\\' ? 2 : 1;
      i += 1;
      continue;
    }
    if (OPEN[c]) stack.push(OPEN[c]);
    else if (c === ')' || c === ']' || c === '}') {
      if (stack.length === 0) break; // the enclosing block ends: a statement without its `;`
      stack.pop();
      if (untilClose && stack.length === 0) return i + 1;
    } else if (c === ';' && stack.length === 0 && !untilClose) break;
    i += 1;
  }
  return i;
}

/** Every assertion statement in `src[from, to)`, with its position. */
function assertionsIn(src, from = 0, to = src.length) {
  const out = [];
  let last = -1;
  ASSERTION.lastIndex = from;
  for (let m = ASSERTION.exec(src); m && m.index < to; m = ASSERTION.exec(src)) {
    if (m.index < last) continue; // inside the previous statement (`expect(a).toBe(expect.any(…))`)
    last = scan(src, m.index);
    out.push({ at: m.index, text: src.slice(m.index, last) });
  }
  return out;
}

/** The tests of a file: each `it(…)`/`test(…)` call, with a chained call (`it.each(…)(…)`). */
function testsIn(src) {
  const out = [];
  let last = -1;
  for (const m of src.matchAll(TEST)) {
    if (m.index < last) continue;
    let end = scan(src, m.index + m[0].length - 1, true);
    while (/^\s*\(/.test(src.slice(end, end + 200))) end = scan(src, src.indexOf('(', end), true);
    out.push({ from: m.index, to: end });
    last = end;
  }
  return out;
}

/** The file's constants by name (their initializers' text), to read into statements that name them. */
function constantsIn(src) {
  const out = new Map();
  for (const m of src.matchAll(CONSTANT)) {
    const start = m.index + m[0].length;
    const value = src.slice(start, scan(src, start));
    // Literals only (`{ code, msg }`, a list, a string): a call's result is what a test checks, and
    // `new ApiError(…)` is a fixture.
    if (/^\s*[{['"`\d]/.test(value)) out.set(m[1], `${out.get(m[1]) ?? ''} ${value}`);
  }
  return out;
}

/**
 * The units of one test file: for each test, and for each assertion outside the tests, the texts of
 * its assertion statements (with the constants they name).
 */
export function assertionUnits(src) {
  const constants = constantsIn(src);
  const expand = (text) => {
    if (/^\s*expect\s*\(\s*Errors\b/.test(text)) return ''; // the catalogue about itself
    let out = text;
    for (const name of new Set(text.match(/[A-Za-z_$][\w$]*/g) ?? [])) {
      const value = constants.get(name);
      if (value !== undefined) out += ` ${value}`;
    }
    return out;
  };
  const tests = testsIn(src);
  const units = tests.map((b) => assertionsIn(src, b.from, b.to).map((s) => expand(s.text)));
  for (const s of assertionsIn(src)) {
    if (!tests.some((b) => s.at >= b.from && s.at < b.to)) units.push([expand(s.text)]);
  }
  return units;
}

/** What of the entry one statement names: its code, its text. */
function named(statement, entry) {
  const ref = new RegExp(`\\bErrors\\.${entry.name}\\b(\\s*\\.\\s*(\\w+))?`, 'g');
  let code = new RegExp(`(?<![\\w.])${entry.code}(?![\\w.])`).test(statement);
  let msg = (entry.texts ?? [entry.msg]).some((text) => statement.includes(text));
  for (const m of statement.matchAll(ref)) {
    if (m[2] === undefined || m[2] === 'code') code = true;
    if (m[2] === undefined || m[2] === 'msg') msg = true;
  }
  return { code, msg };
}

/** Whether one unit (a test's statements) asserts the entry's code and text. */
export function asserts(unit, entry) {
  const hits = unit.map((s) => named(s, entry));
  return hits.some((h) => h.code) && hits.some((h) => h.msg);
}

/** The catalogue entries no test asserts. */
export function untested(entries = readCatalogue(), files = testFiles()) {
  const units = files.flatMap((f) => assertionUnits(fs.readFileSync(f, 'utf8')));
  return entries.filter((e) => !units.some((u) => asserts(u, e)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (process.argv[2]) root = path.resolve(process.argv[2]);
  const missing = untested();
  for (const e of missing) console.log(`${e.code} ${e.name} ${e.msg}`);
  process.exit(missing.length > 0 ? 1 : 0);
}
