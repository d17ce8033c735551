import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberInfo } from '@parley/protocol';
import { cli, cliEnvOf } from '../cli-run.js';
import { api, startTestServer, type TestServer } from '../helpers.js';
import { sendText, userOn } from '../messaging/helpers.js';

// The operator CLI's commands on a test server's database (SQLite, or PostgreSQL with DATABASE_URL):
// what each changes, and how a wrong command line or an unknown account is answered.
let t: TestServer;
const parley = (...args: string[]) => cli(args, cliEnvOf(t));
const userRow = (wtId: string) =>
  t.server.ctx.db.selectFrom('users').selectAll().where('wt_id', '=', wtId).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('parley, the operator CLI', () => {
  it('lists its commands, and each command explains itself', async () => {
    const help = await parley('--help');
    expect(help.code).toBe(0);
    for (const name of ['migrate', 'backup', 'restore', 'user', 'member', 'helper', 'reports', 'admin'])
      expect(help.stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    expect(await parley('user', 'reset-password', '--help')).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^parley user reset-password <account>\n/),
    });
    expect(await parley('restore', '--help')).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^parley restore <dir> \[--force\]\n/),
    });
  });

  it('answers a wrong command line with exit 2, the problem and the usage, no stack trace', async () => {
    const unknown = await parley('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^parley: unknown command: frobnicate\n\nparley <command> \[options\]\n/);
    expect((await parley()).stderr).toMatch(/^parley: missing the command\n/);
    expect((await parley('user', 'ban')).stderr).toMatch(
      /^parley: missing <account>\n\nparley user ban <account>/,
    );
    expect(await parley('user', 'ban', 'x', '--hours', 'soon')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^parley: --hours must be a number above 0, up to 87600: soon\n/),
    });
    const option = await parley('member', 'grant', 'x', '--level', '3', '--colour', 'red');
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/^parley: Unknown option '--colour'/);
    for (const r of [unknown, option]) expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('names an account it cannot find, by ID or phone number', async () => {
    expect(await parley('user', 'unban', 'nobody_here')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'parley: no account with ID or phone number nobody_here\n',
    });
  });

  it('names a configuration it cannot read', async () => {
    expect(await cli(['migrate'], { ...cliEnvOf(t), PORT: 'eighty' })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'parley: configuration: Invalid number in PORT: eighty\n',
    });
  });

  it.runIf(!process.env.DATABASE_URL)(
    'refuses a data folder without a database instead of creating one',
    async () => {
      const dir = path.join(os.tmpdir(), `parley-cli-none-${process.pid}`);
      expect(await cli(['user', 'unban', 'x'], { ...cliEnvOf(t), PARLEY_DATA_DIR: dir })).toEqual({
        code: 1,
        stdout: '',
        stderr: `parley: no database at ${path.join(dir, 'parley.db')}: is PARLEY_DATA_DIR the server's data folder? (\`parley migrate\` creates a new one)\n`,
      });
      expect(fs.existsSync(dir)).toBe(false);
    },
  );

  it('migrate reports the schema version', async () => {
    const res = await parley('migrate');
    expect(res).toMatchObject({ code: 0, stderr: '' });
    expect(res.stdout).toMatch(
      new RegExp(
        `^${t.config.databaseUrl ? 'postgres' : 'sqlite'} database at schema \\d{14}_\\w+ \\(\\d+ migrations\\)\\n$`,
      ),
    );
  });

  it('user ban stops sends until user unban; the account is found by phone too', async () => {
    const [a, b] = [await userOn(t, 'cli_ban'), await userOn(t, 'cli_peer')];
    const ban = await parley('user', 'ban', a.wtId, '--hours', '2');
    expect(ban.code).toBe(0);
    expect(ban.stdout).toMatch(new RegExp(`^${a.wtId}: may not send until \\d{4}-\\d\\d-\\d\\dT`));
    expect(await sendText(t, a, b, 'hi')).toMatchObject({ status: 403, code: 20012 });
    expect(await parley('user', 'unban', a.phone)).toEqual({
      code: 0,
      stdout: `${a.wtId}: ban lifted\n`,
      stderr: '',
    });
    expect((await sendText(t, a, b, 'hi')).code).toBe(200);
  });

  it('user grant-official marks and --revoke unmarks', async () => {
    const a = await userOn(t, 'cli_off');
    expect((await parley('user', 'grant-official', a.wtId)).stdout).toBe(`${a.wtId}: official\n`);
    expect(Number((await userRow(a.wtId)).is_official)).toBe(1);
    expect((await parley('user', 'grant-official', a.wtId, '--revoke')).stdout).toBe(
      `${a.wtId}: no longer official\n`,
    );
    expect(Number((await userRow(a.wtId)).is_official)).toBe(0);
  });

  it('user reset-password prints a new password that logs in, and ends the old sessions', async () => {
    const a = await userOn(t, 'cli_pwd');
    const res = await parley('user', 'reset-password', a.wtId);
    expect(res.code).toBe(0);
    expect(res.stderr).toBe(`${a.wtId}: new password set, 1 session(s) ended\n`);
    const password = res.stdout.trim();
    expect(password).toMatch(/^[\w-]{16}$/);
    const login = (pwd: string) => api(t, 'POST', '/user/login/id', { body: { wtId: a.wtId, pwd } });
    expect((await login(a.pwd)).code).toBe(10001);
    expect((await login(password)).code).toBe(200);
    expect(await api(t, 'GET', '/user/info', { token: a.token })).toMatchObject({ status: 401, code: 11016 });
  });

  it('admin grant gives the operator role and admin revoke takes it', async () => {
    const a = await userOn(t, 'cli_op');
    expect(Number((await userRow(a.wtId)).is_operator)).toBe(0);
    expect(await parley('admin', 'grant', a.phone)).toEqual({
      code: 0,
      stdout: `${a.wtId}: operator\n`,
      stderr: '',
    });
    expect(Number((await userRow(a.wtId)).is_operator)).toBe(1);
    expect((await parley('admin', 'revoke', a.wtId)).stdout).toBe(`${a.wtId}: no longer an operator\n`);
    expect(Number((await userRow(a.wtId)).is_operator)).toBe(0);
    expect((await parley('admin', 'grant')).stderr).toMatch(
      /^parley: missing <account>\n\nparley admin grant <account>/,
    );
  });

  it('member grant sets and revokes a level', async () => {
    const a = await userOn(t, 'cli_vip');
    expect((await parley('member', 'grant', a.wtId, '--level', '5')).stdout).toBe(
      `${a.wtId}: member, level 5\n`,
    );
    const info = await api<MemberInfo>(t, 'GET', '/member/info', { token: a.token });
    expect(info.data).toMatchObject({ vipType: 1, vipLevel: 5 });
    expect((await parley('member', 'grant', a.wtId, '--level', '0')).stdout).toBe(
      `${a.wtId}: membership revoked\n`,
    );
  });

  it('helper faq loads the shipped file and names a file it cannot read', async () => {
    expect((await parley('helper', 'faq')).stdout).toMatch(/helper-faq\.json: \d+ questions loaded\n$/);
    expect(await parley('helper', 'faq', '/nonexistent/faq.json')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'parley: /nonexistent/faq.json: cannot read it (ENOENT)\n',
    });
  });

  it('reports lists the newest reports', async () => {
    const res = await parley('reports', '--limit', '5');
    expect(res).toMatchObject({ code: 0, stderr: '' });
    expect(res.stdout.length).toBeGreaterThan(0);
  });
});
