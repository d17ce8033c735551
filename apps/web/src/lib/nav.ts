import { StorageKeys, storage } from './storage';

type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigate: Navigate = (to) => {
  window.location.assign(to);
};

/** The router registers its navigate function so non-React code (http, socket) can move the user. */
export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

export function go(to: string, opts?: { replace?: boolean }): void {
  navigate(to, opts);
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

export function loginPath(redirect?: string): string {
  return redirect && redirect !== '/' && !redirect.startsWith('/login')
    ? `/login?redirect=${encodeURIComponent(redirect)}`
    : '/login';
}

/** A one-shot notice the login page shows (why the user was sent there). */
export const loginNotice = {
  set(text: string): void {
    storage.set(StorageKeys.loginNotice, text);
  },
  take(): string | null {
    const text = storage.get(StorageKeys.loginNotice);
    if (text) storage.remove(StorageKeys.loginNotice);
    return text;
  },
};
