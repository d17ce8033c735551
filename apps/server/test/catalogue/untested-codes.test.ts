import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/untested-codes.mjs lists the error-catalogue entries no test asserts (its header states the
// rule). The repository must have none; a small made-up checkout shows the rule at work.
const root = path.resolve(import.meta.dirname, '../../../..');
const script = path.join(root, 'scripts/untested-codes.mjs');
const run = (checkout?: string) =>
  spawnSync(process.execPath, [script, ...(checkout ? [checkout] : [])], { encoding: 'utf8' });

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function checkout(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-codes-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const CATALOGUE = `export const Errors = {
  alpha: def(31001, 400, '甲错误'),
  muteOne: def(31002, 403, '禁言一'),
  muteTwo: def(31002, 403, '禁言二'),
  gamma: def(31003, 404, "Gamma's text"),
  delta: def(31004, 409, '丁错误'),
  epsilon: def(31005, 409, '戊错误'),
  zeta: def(31006, 409, '己错误'),
} as const;
`;

describe('untested catalogue codes', () => {
  it('none in this repository: every code is asserted with its text by some test', () => {
    const res = run();
    expect(res.stderr).toBe('');
    expect(res.stdout).toBe('');
    expect(res.status).toBe(0);
  });

  it('counts code and text asserted in one test, and nothing else', () => {
    const dir = checkout({
      'packages/protocol/src/errors.ts': CATALOGUE,
      // alpha: code and text in two statements of one test; gamma through a constant; muteOne by name.
      'apps/server/test/a.test.ts': `
        const GAMMA = { code: 31003, msg: "Gamma's text" };
        it('alpha', async () => {
          expect(r.code).toBe(31001);
          expect(r.msg).toBe('甲错误');
        });
        it('gamma and muteOne', () => {
          expect(g).toMatchObject(GAMMA);
          expect(m).toMatchObject(Errors.muteOne);
        });`,
      // delta: code in one test, text in another; epsilon: the code only (muteTwo shares 31002, so
      // the 31002 of muteOne above does not count for it); zeta only in a fixture and about the
      // catalogue itself.
      'apps/web/src/b.test.tsx': `
        it('delta code', () => { expect(d.code).toBe(31004); expect(e.code).toBe(31005); });
        it('delta text', () => { expect(d.msg).toMatch(/丁错误/); });
        it('zeta', () => {
          const err = new ApiError(31006, '己错误');
          expect(Errors.zeta).toEqual({ code: 31006, msg: '己错误' });
          expect(show(err)).toBe('shown');
        });`,
    });
    const res = run(dir);
    expect(res.stdout.trim().split('\n')).toEqual([
      '31002 muteTwo 禁言二',
      '31004 delta 丁错误',
      '31005 epsilon 戊错误',
      '31006 zeta 己错误',
    ]);
    expect(res.status).toBe(1);
  });
});
