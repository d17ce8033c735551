import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliLanguage } from '../../src/cli/texts/language.js';
import { cli, cliEnvOf } from '../cli-run.js';
import { startTestServer, type TestServer } from '../helpers.js';

// The operator CLI writes in the operator's language: PARLEY_LANG, else the locale (LC_ALL,
// LC_MESSAGES, LANG), English for C/POSIX/unset. Exit codes and machine output do not change.
let t: TestServer;

/** The test server's environment with the language variables replaced by `lang`. */
const envWith = (lang: Record<string, string>) => {
  const env = cliEnvOf(t);
  for (const k of ['PARLEY_LANG', 'LC_ALL', 'LC_MESSAGES', 'LANG']) delete env[k];
  return { ...env, ...lang };
};

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('the language of parley', () => {
  it.each([
    [{ LANG: 'ja_JP.UTF-8' }, 'ja'],
    [{ LANG: 'en_US.UTF-8' }, 'en'],
    [{ LANG: 'zh_CN' }, 'zh-CN'],
    [{ LANG: 'zh_TW.UTF-8' }, 'zh-CN'],
    [{ LANG: 'C' }, 'en'],
    [{ LANG: 'C.UTF-8' }, 'en'],
    [{ LANG: 'POSIX' }, 'en'],
    [{ LANG: 'fr_FR.UTF-8' }, 'en'],
    [{}, 'en'],
    [{ LANG: '' }, 'en'],
    [{ LANG: 'ja_JP.UTF-8', LC_MESSAGES: 'zh_CN.UTF-8' }, 'zh-CN'],
    [{ LANG: 'ja_JP.UTF-8', LC_MESSAGES: 'zh_CN.UTF-8', LC_ALL: 'en_GB' }, 'en'],
    [{ LC_ALL: 'C', LANG: 'ja_JP.UTF-8' }, 'en'],
    [{ LC_ALL: '', LANG: 'ja_JP.UTF-8' }, 'ja'],
    [{ PARLEY_LANG: 'ja', LC_ALL: 'en_US.UTF-8' }, 'ja'],
    [{ PARLEY_LANG: 'zh-CN', LANG: 'C' }, 'zh-CN'],
    [{ PARLEY_LANG: 'en', LANG: 'ja_JP.UTF-8' }, 'en'],
    [{ PARLEY_LANG: 'klingon', LANG: 'ja_JP.UTF-8' }, 'ja'],
    [{ LANG: 'ja_JP@euro' }, 'ja'],
  ])('%j → %s', (env, want) => {
    expect(cliLanguage(env)).toBe(want);
  });

  it('refuses an unknown account in zh-CN and ja, with the same exit code', async () => {
    const args = ['user', 'ban', 'nobody_here', '--hours', '2'];
    expect(await cli(args, envWith({ PARLEY_LANG: 'zh-CN' }))).toEqual({
      code: 1,
      stdout: '',
      stderr: 'parley: 没有 ID 或手机号为 nobody_here 的账号\n',
    });
    expect(await cli(args, envWith({ LANG: 'ja_JP.UTF-8' }))).toEqual({
      code: 1,
      stdout: '',
      stderr: 'parley: ID または電話番号が nobody_here のアカウントはありません\n',
    });
    expect(await cli(args, envWith({ LANG: 'C' }))).toEqual({
      code: 1,
      stdout: '',
      stderr: 'parley: no account with ID or phone number nobody_here\n',
    });
  });

  it('prints --help headings and command summaries in the language; names and flags stay English', async () => {
    const zh = await cli(['--help'], envWith({ LANG: 'zh_CN.UTF-8' }));
    expect(zh.code).toBe(0);
    expect(zh.stdout).toMatch(/^parley <command> \[options\]\n\nParley \S+ 的运维工具。/);
    expect(zh.stdout).toContain('\n命令：\n  migrate   将数据库结构更新到最新\n');
    const ja = await cli(['--help'], envWith({ PARLEY_LANG: 'ja' }));
    expect(ja.stdout).toContain('\nコマンド：\n  migrate   データベースのスキーマを最新にする\n');
    const group = await cli(['user', '--help'], envWith({ PARLEY_LANG: 'ja' }));
    expect(group.stdout).toMatch(
      /^parley user <command> \[options\]\n\nアカウントを管理する\n\nコマンド：\n {2}ban {13}/,
    );
    expect(await cli(['user', 'ban', '--help'], envWith({ PARLEY_LANG: 'zh-CN' }))).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^parley user ban <account> --hours <n>\n\n禁止该账号/),
    });
  });

  it('answers a wrong command line in the language, with exit 2 and the usage', async () => {
    expect(await cli(['user', 'ban', 'x', '--hours', 'soon'], envWith({ PARLEY_LANG: 'ja' }))).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /^parley: --hours は 0 より大きく 87600 以下の数で指定してください：soon\n\nparley user ban <account>/,
      ),
    });
    const unknown = await cli(['frobnicate'], envWith({ PARLEY_LANG: 'zh-CN' }));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^parley: 未知命令：frobnicate\n\nparley <command> \[options\]\n/);
    expect((await cli(['member', 'grant', 'x', '--colour'], envWith({ PARLEY_LANG: 'ja' }))).stderr).toMatch(
      /^parley: 不明なオプション：--colour\n/,
    );
  });
});
