import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '@parley/protocol';
import { startEarly } from './early-request';
import { http } from './http';
import { useSession } from './session';

const user = { wtId: 'alice', nickName: 'Alice', token: 'tok-1' } as LoginResult;
const page = (n: number) =>
  new Response(JSON.stringify({ code: 200, msg: 'ok', data: { n } }), {
    headers: { 'Content-Type': 'application/json' },
  });

describe('a first screen request started with the entry', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    useSession.getState().signIn(user);
    let n = 0;
    fetchMock = vi.fn().mockImplementation(() => Promise.resolve(page(++n)));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is sent once, with the headers of any request, and answers the same request made later', async () => {
    startEarly('/conversation/list', { cursor: 0, count: 100 }, 'tok-1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect([url, init.method, init.body]).toEqual([
      '/api/conversation/list',
      'POST',
      '{"cursor":0,"count":100}',
    ]);
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'Content-Type': 'application/json' });

    await expect(http.post('/conversation/list', { cursor: 0, count: 100 })).resolves.toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: the next identical request asks the server.
    await expect(http.post('/conversation/list', { cursor: 0, count: 100 })).resolves.toEqual({ n: 2 });
  });

  it('is not taken by another body, another session, or once stale', async () => {
    startEarly('/conversation/list', { cursor: 0, count: 100 }, 'tok-1');
    await expect(http.post('/conversation/list', { cursor: 100, count: 100 })).resolves.toEqual({ n: 2 });

    startEarly('/conversation/list', { cursor: 0, count: 100 }, 'tok-old');
    await expect(http.post('/conversation/list', { cursor: 0, count: 100 })).resolves.toEqual({ n: 4 });

    vi.useFakeTimers({ toFake: ['performance'] });
    startEarly('/conversation/list', { cursor: 0, count: 100 }, 'tok-1');
    vi.advanceTimersByTime(60_000);
    await expect(http.post('/conversation/list', { cursor: 0, count: 100 })).resolves.toEqual({ n: 6 });
  });
});
