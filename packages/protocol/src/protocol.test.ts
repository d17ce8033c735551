import { describe, expect, it } from 'vitest';
import { Errors, SESSION_CODES } from './errors.js';
import { registerBody } from './rest/auth.js';
import { Limits } from './constants.js';

describe('error catalogue', () => {
  it('gives each session code it sends its own text and a 401 status; the client ends the session on the whole range', () => {
    const session = Object.values(Errors).filter((e) => e.code >= 11011 && e.code <= 11016);
    expect(session.map((e) => e.code).sort()).toEqual([11011, 11013, 11014, 11016]);
    expect(new Set(session.map((e) => e.msg)).size).toBe(4);
    for (const e of session) expect(e.status).toBe(401);
    expect(SESSION_CODES).toEqual([712, 11011, 11012, 11013, 11014, 11015, 11016]);
  });

  it('keeps the catalogue texts verbatim', () => {
    expect(Errors.unauthorized.msg).toBe('认证失败，无法访问系统资源');
    expect(Errors.forbidden.msg).toBe('当前操作没有权限');
    expect(Errors.notFound.msg).toBe('访问资源不存在');
    expect(Errors.unknown.msg).toBe('系统未知错误，请反馈给管理员');
    // The product gives 20007's English text (a call text); zh-CN users read it in Chinese.
    expect(Errors.blacklisted.texts).toMatchObject({
      'zh-CN': '对方已将你加入黑名单，消息发送失败',
      en: 'The identifier is in blacklist. Failed to send this message!',
    });
  });

  it('never reuses a code for two different meanings except the 10017 mute variants', () => {
    const byCode = new Map<number, string[]>();
    for (const [name, e] of Object.entries(Errors)) byCode.set(e.code, [...(byCode.get(e.code) ?? []), name]);
    const dupes = [...byCode.entries()].filter(([, names]) => names.length > 1);
    expect(dupes).toEqual([[10017, ['mutedInGroup', 'allMuted']]]);
  });
});

describe('registration schema', () => {
  const base = { phone: '13912345678', pwd: 'abc12345', nickName: '小明' };
  it('accepts a valid body and trims the nickname', () => {
    expect(registerBody.parse({ ...base, nickName: '  小明 ' }).nickName).toBe('小明');
  });
  it('tells a missing field from a wrongly typed one', () => {
    const missing = registerBody.safeParse({ pwd: 'abc12345', nickName: 'x' });
    const typed = registerBody.safeParse({ ...base, phone: 139 });
    expect(missing.error?.issues[0]?.message).toBe('手机号不能为空');
    expect(typed.error?.issues[0]?.message).toBe('手机号格式不正确');
  });
  it('limits the nickname to 15 characters', () => {
    expect(registerBody.safeParse({ ...base, nickName: 'x'.repeat(Limits.nickName) }).success).toBe(true);
    expect(registerBody.safeParse({ ...base, nickName: 'x'.repeat(Limits.nickName + 1) }).success).toBe(
      false,
    );
  });
});
