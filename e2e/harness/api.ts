import type { Envelope, LoginResult } from '@parley/protocol';
import type { TestServer } from './server';

export interface TestUser {
  phone: string;
  pwd: string;
  nickName: string;
  wtId: string;
  token: string;
  login: LoginResult;
}

let counter = 0;
const runTag = (Date.now() % 1_000_000).toString().padStart(6, '0');

/** Unique phone numbers and wtIds across one test run. */
export function nextIdentity(prefix = 'u'): { phone: string; wtId: string; nickName: string; pwd: string } {
  counter += 1;
  const n = counter.toString().padStart(3, '0');
  return {
    phone: `139${runTag.slice(-5)}${n}`,
    wtId: `${prefix}${runTag}${n}`,
    nickName: `${prefix.toUpperCase()}${n}`,
    pwd: 'Passw0rd1',
  };
}

/** Calls the API and returns the whole envelope (tests look at codes). */
export async function callApi<T = unknown>(
  server: TestServer,
  path: string,
  opts: { body?: unknown; token?: string } = {},
): Promise<Envelope<T> & { status: number }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${server.url}/api${path}`, {
    method: opts.body === undefined ? 'GET' : 'POST',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const env = (await res.json()) as Envelope<T>;
  return { ...env, status: res.status };
}

/** Like callApi but throws unless code is 200; returns data. */
export async function api<T = unknown>(
  server: TestServer,
  path: string,
  opts: { body?: unknown; token?: string } = {},
): Promise<T> {
  const env = await callApi<T>(server, path, opts);
  if (env.code !== 200) throw new Error(`${path} → ${env.code} ${env.msg}`);
  return env.data;
}

/** Registers a user through the API (a registration signs in too). */
export async function registerUser(
  server: TestServer,
  overrides: Partial<{ phone: string; wtId: string; nickName: string; pwd: string }> = {},
): Promise<TestUser> {
  const id = { ...nextIdentity(), ...overrides };
  const login = await api<LoginResult>(server, '/user/login/register', { body: id });
  return { ...id, token: login.token, login };
}

/** A new session for an existing user (another device). */
export async function loginUser(
  server: TestServer,
  user: Pick<TestUser, 'phone' | 'pwd'>,
): Promise<LoginResult> {
  return api<LoginResult>(server, '/user/login/pwd', { body: { phone: user.phone, pwd: user.pwd } });
}
