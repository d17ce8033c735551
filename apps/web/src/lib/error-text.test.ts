import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Errors } from '@parley/protocol';
import i18n from './i18n';
import { apiErrorText, errorNameOf, errorTextOf, fieldOf } from './error-text';
import { ApiError, http, resetErrorDedupe } from './http';
import { useToasts } from '../ui/toast-store';

async function useLanguage(lng: 'zh-CN' | 'en' | 'ja') {
  await i18n.changeLanguage(lng);
}

describe('error texts in the UI language', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh-CN');
  });

  it('a known code with its server text shows the en / ja / zh-CN text', async () => {
    const err = new ApiError(10001, '账号或密码错误', 400);
    await useLanguage('en');
    expect(apiErrorText(err)).toBe('Wrong account or password.');
    await useLanguage('ja');
    expect(apiErrorText(err)).toBe('アカウントまたはパスワードが正しくありません。');
    await useLanguage('zh-CN');
    expect(apiErrorText(err)).toBe('账号或密码错误');
  });

  it('a code sent with several texts (10017) is told apart by the text', async () => {
    await useLanguage('en');
    expect(errorNameOf({ code: 10017, message: '您已被禁言' })).toBe('mutedInGroup');
    expect(apiErrorText({ code: 10017, message: '全员禁言中' })).toBe('Everyone is muted.');
  });

  it('an unknown code, or a text specific to this request, falls back to the server text', async () => {
    await useLanguage('en');
    expect(apiErrorText({ code: 99999, message: '某个新的错误' })).toBe('某个新的错误');
    expect(apiErrorText({ code: 10001, message: '账号已锁定至明天' })).toBe('账号已锁定至明天');
    expect(apiErrorText({ code: 99999, message: '' })).toBe(
      'Unknown system error. Please report it to the administrator.',
    );
  });

  it('a 400 shows the server text (already in the UI language), never a field path', async () => {
    await useLanguage('en');
    const err = new ApiError(400, 'Phone number is not valid.', 400, { field: 'phone' });
    expect(apiErrorText(err)).toBe('Phone number is not valid.');
    expect(fieldOf(err)).toBe('phone');
    expect(fieldOf(new ApiError(400, 'phone: 手机号格式不正确', 400))).toBeUndefined();
  });

  it('a catalogue text that came back in another language is shown in the UI language', async () => {
    await useLanguage('ja');
    expect(apiErrorText({ code: 80001, message: Errors.sensitiveText.texts.en })).toBe(
      Errors.sensitiveText.texts.ja,
    );
  });

  it('errorTextOf: an API error in the UI language, anything else the fallback', async () => {
    await useLanguage('en');
    expect(errorTextOf(new ApiError(10010, '该用户不存在', 404), 'fallback')).toBe(
      'This user does not exist.',
    );
    expect(errorTextOf(new ApiError(0, Errors.unknown.msg, 0), 'fallback')).toBe(
      'Unknown system error. Please report it to the administrator.',
    );
    expect(errorTextOf(new Error('boom'), 'fallback')).toBe('fallback');
    expect(errorTextOf(undefined, 'fallback')).toBe('fallback');
  });
});

describe('the global error handler', () => {
  beforeEach(() => {
    useToasts.getState().clear();
    resetErrorDedupe();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh-CN');
  });

  const reply = (status: number, body: unknown) =>
    vi
      .fn()
      .mockResolvedValue(
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
      );
  const toasts = () => useToasts.getState().items.map((t) => t.message);

  it('toasts the catalogue text of the UI language; unknown codes keep the server text', async () => {
    await useLanguage('ja');
    vi.stubGlobal('fetch', reply(409, { code: 10002, msg: '该手机号已注册', data: null }));
    await expect(http.post('/user/login/register', {})).rejects.toMatchObject({ code: 10002 });
    vi.stubGlobal('fetch', reply(403, { code: 403, msg: 'whatever', data: null }));
    await expect(http.get('/x')).rejects.toMatchObject({ code: 403 });
    vi.stubGlobal('fetch', reply(400, { code: 98765, msg: '服务器的新错误', data: null }));
    await expect(http.get('/y')).rejects.toMatchObject({ code: 98765 });
    expect(toasts()).toEqual([
      'この電話番号は既に登録されています。',
      'この操作を行う権限がありません。',
      '服务器的新错误',
    ]);
  });

  it('asks for the UI language on every request (Accept-Language)', async () => {
    await useLanguage('ja');
    const fetch = reply(200, { code: 200, msg: 'ok', data: null });
    vi.stubGlobal('fetch', fetch);
    await http.get('/z');
    const init = fetch.mock.calls[0]![1] as RequestInit;
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('ja');
  });
});
