import { create } from 'zustand';
import { Limits, type LoginResult, type UserInfo } from '@parley/protocol';
import { StorageKeys, storage } from './storage';

export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  /** Stores a completed login (LoginResult carries the token and the user). */
  signIn(result: LoginResult): void;
  setUser(user: UserInfo): void;
  /** Forgets the session locally; callers decide where to go next. */
  clear(): void;
}

interface Persisted {
  token: string;
  user: UserInfo | null;
}

function load(): Persisted | null {
  const raw = storage.get(StorageKeys.session);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Persisted>;
    return typeof parsed.token === 'string' && parsed.token
      ? { token: parsed.token, user: parsed.user ?? null }
      : null;
  } catch {
    return null;
  }
}

function persist(token: string | null, user: UserInfo | null): void {
  if (token) storage.set(StorageKeys.session, JSON.stringify({ token, user }));
  else storage.remove(StorageKeys.session);
}

function toUser(r: LoginResult): UserInfo {
  const { token: _token, imToken: _im, expiresAt: _exp, ...user } = r;
  return user;
}

const initial = load();

export const useSession = create<SessionState>((set, get) => ({
  token: initial?.token ?? null,
  user: initial?.user ?? null,
  signIn(result) {
    const user = toUser(result);
    persist(result.token, user);
    set({ token: result.token, user });
  },
  setUser(user) {
    persist(get().token, user);
    set({ user });
  },
  clear() {
    persist(null, null);
    set({ token: null, user: null });
  },
}));

/** Another tab logged in or out: follow it. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== StorageKeys.session) return;
    const next = load();
    useSession.setState({ token: next?.token ?? null, user: next?.user ?? null });
  });
}

export const getToken = (): string | null => useSession.getState().token;

/** The member badge shows only when vipType ≠ 0; levels outside 1–10 show 1. */
export function memberLevel(user: Pick<UserInfo, 'vipType' | 'vipLevel'> | null | undefined): number | null {
  if (!user || !user.vipType) return null;
  const lvl = Math.trunc(Number(user.vipLevel));
  return lvl >= Limits.memberLevelMin && lvl <= Limits.memberLevelMax ? lvl : Limits.memberLevelMin;
}
