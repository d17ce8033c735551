import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginNotice, setNavigator } from './nav';
import { ApiError, http, notifyError, resetErrorDedupe } from './http';
import { currentOutage, markHttp } from './outage';
import { useSession } from './session';
import { useToasts } from '../ui/toast-store';
import type { LoginResult } from '@parley/protocol';

const user: LoginResult = {
  userId: '1',
  wtId: 'alice',
  phone: '13800000000',
  nickName: 'Alice',
  avatar: '',
  bio: '',
  vipLevel: 0,
  vipType: 0,
  hasStep2Pwd: false,
  isOperator: false,
  token: 'tok-1',
  imToken: 'im',
  expiresAt: 0,
};

function reply(status: number, body: unknown) {
  return vi
    .fn()
    .mockResolvedValue(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
}
const toasts = () => useToasts.getState().items.map((t) => `${t.type}:${t.message}`);

describe('http client', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    useToasts.getState().clear();
    resetErrorDedupe();
    markHttp(true);
    navigate.mockReset();
    setNavigator(navigate);
    useSession.getState().signIn(user);
    window.history.replaceState(null, '', '/contacts?tab=1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends base /api, Bearer token, Device-Id from visitorId and App-Version; returns data on code 200', async () => {
    const fetchMock = reply(200, { code: 200, msg: 'ok', data: { a: 1 } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(http.get('/user/info')).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/user/info');
    const h = init.headers as Record<string, string>;
    expect(h.Authorization).toBe('Bearer tok-1');
    expect(h['Device-Id']).toBe(localStorage.getItem('visitorId'));
    expect(h['Device-Id']).toMatch(/^[0-9a-z]+-[0-9a-f]{12}$/);
    expect(h['App-Version']).toBeTruthy();
  });

  it('omits Authorization when there is no token', async () => {
    useSession.getState().clear();
    const fetchMock = reply(200, { code: 200, msg: 'ok', data: null });
    vi.stubGlobal('fetch', fetchMock);
    await http.post('/user/login/pwd', { phone: '1', pwd: 'x' });
    expect((fetchMock.mock.calls[0]![1] as RequestInit).headers).not.toHaveProperty('Authorization');
  });

  it.each([712, 11011, 11012, 11013, 11014, 11015, 11016])(
    'code %i clears the session and goes to /login with the return path',
    async (code) => {
      vi.stubGlobal('fetch', reply(401, { code, msg: 'bye', data: null }));
      await expect(http.get('/user/info')).rejects.toBeInstanceOf(ApiError);
      expect(useSession.getState().token).toBeNull();
      expect(localStorage.getItem('parley.session')).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fcontacts%3Ftab%3D1', { replace: true });
      expect(toasts()).toEqual([]);
    },
  );

  it('a call whose session ended here while it was in flight (logout) changes nothing when refused', async () => {
    loginNotice.take(); // left by earlier tests
    let answer!: (r: Response) => void;
    vi.stubGlobal('fetch', vi.fn().mockReturnValue(new Promise<Response>((r) => (answer = r))));
    const pending = http.get('/user/counters');
    useSession.getState().clear(); // the user logged out meanwhile
    window.history.replaceState(null, '', '/login');
    answer(
      new Response(JSON.stringify({ code: 11013, msg: '登录状态已失效，请重新登录', data: null }), {
        status: 401,
      }),
    );
    await expect(pending).rejects.toMatchObject({ code: 11013 });
    expect(navigate).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
    expect(loginNotice.take()).toBeFalsy();
  });

  it.each([
    [401, '认证失败，无法访问系统资源'],
    [403, '当前操作没有权限'],
    [404, '访问资源不存在'],
  ])('code %i toasts the catalogue text', async (code, text) => {
    vi.stubGlobal('fetch', reply(code, { code, msg: 'server text', data: null }));
    await expect(http.get('/x')).rejects.toMatchObject({ code });
    expect(toasts()).toEqual([`error:${text}`]);
  });

  it('other codes toast the server msg, or the fallback text when there is none', async () => {
    vi.stubGlobal('fetch', reply(409, { code: 10002, msg: '该手机号已注册', data: null }));
    await expect(http.post('/user/login/register', {})).rejects.toMatchObject({
      code: 10002,
      message: '该手机号已注册',
    });
    vi.stubGlobal('fetch', reply(500, { code: 500, msg: '', data: null }));
    await expect(http.get('/y')).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual(['error:该手机号已注册', 'error:系统未知错误，请反馈给管理员']);
  });

  it('a network failure or a 5xx without an envelope is the server unreachable: the banner, no toast', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(http.get('/z')).rejects.toMatchObject({ code: 0 });
    expect(currentOutage()).toBe('server');
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 })),
    );
    await expect(http.get('/z2')).rejects.toMatchObject({ code: 502 });
    expect(currentOutage()).toBe('server');
    expect(toasts()).toEqual([]);
    vi.stubGlobal('fetch', reply(200, { code: 200, msg: 'ok', data: null }));
    await http.get('/z3');
    expect(currentOutage()).toBe(null);
  });

  it('a non-envelope answer below 500 toasts the fallback text once', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>teapot</html>', { status: 418 })));
    await expect(http.get('/z')).rejects.toMatchObject({ code: 418 });
    await expect(http.get('/z2')).rejects.toMatchObject({ code: 418 });
    expect(toasts()).toEqual(['error:系统未知错误，请反馈给管理员']); // second one deduplicated
  });

  it('does not repeat the same message within 3 s', () => {
    expect(notifyError('boom', 1000)).toBe(true);
    expect(notifyError('boom', 3999)).toBe(false);
    expect(notifyError('other', 3999)).toBe(true);
    expect(notifyError('boom', 4000)).toBe(true);
    expect(toasts()).toEqual(['error:boom', 'error:other', 'error:boom']);
  });

  it('silent calls (login/logout) skip the global handler but still reject with the code and data', async () => {
    vi.stubGlobal(
      'fetch',
      reply(200, { code: 712, msg: '请输入二级密码', data: { ticket: 't', tips: 'pet' } }),
    );
    await expect(http.post('/user/login/pwd', {}, { silent: true })).rejects.toMatchObject({
      code: 712,
      data: { ticket: 't', tips: 'pet' },
    });
    expect(useSession.getState().token).toBe('tok-1');
    expect(navigate).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('aborts after the 60 s timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_res, rej) => init.signal?.addEventListener('abort', () => rej(new Error('aborted')))),
      ),
    );
    const p = http.get('/slow');
    const settled = expect(p).rejects.toMatchObject({ code: 0 });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(toasts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
  });
});
