import type { ReactElement } from 'react';
import type { FriendInfo } from '@parley/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';

type Handler = (body: unknown) => { code?: number; msg?: string; data?: unknown; status?: number };

/** Stubs fetch for /api paths: each handler answers an envelope (code 200 unless given). Returns the calls. */
export function mockApi(routes: Record<string, Handler>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api/, '').split('?')[0]!;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
      calls.push({ path, body });
      const handler = routes[path];
      const out = handler ? handler(body) : { code: 404, msg: 'not mocked', status: 404 };
      const env = { code: out.code ?? 200, msg: out.msg ?? 'ok', data: out.data ?? null };
      return new Response(JSON.stringify(env), {
        status: out.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

export function renderWithProviders(
  ui: ReactElement,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

/** A friend's profile as /user/friendInfo answers it (Bob, a friend found by ID); override what a test needs. */
export function friendInfo(overrides: Partial<FriendInfo> = {}): FriendInfo {
  return {
    wtId: 'bob',
    userID: 'bob',
    remark: '',
    actionStatus: 0,
    ownerBlackStatus: 0,
    friendsSpaceStatus: 0,
    mineSpaceStatus: 0,
    tagNameList: [],
    tagIds: [],
    nickName: 'Bob',
    avatar: '',
    bio: '',
    friendsStatus: 0,
    commonGroupCount: 0,
    applySource: 1,
    isOfficial: 0,
    ...overrides,
  };
}
