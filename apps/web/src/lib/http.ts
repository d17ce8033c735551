import { Errors, OK_CODE, SESSION_CODES, Ui, type Envelope } from '@parley/protocol';
import { toast } from '../ui/toast-store';
import { takeEarly } from './early-request';
import { apiErrorText } from './error-text';
import { currentPath, go, loginNotice, loginPath } from './nav';
import { markHttp } from './outage';
import { getToken, useSession } from './session';
import { API_BASE, requestHeaders } from './request-headers';

export { API_BASE, APP_VERSION } from './request-headers';

/** A failed call: the envelope code (or HTTP status when there was no envelope) and its message. */
export class ApiError<D = unknown> extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    readonly data: D | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Opt out of the global error handler. The caller handles errors. */
  silent?: boolean;
  timeout?: number;
  signal?: AbortSignal;
  /** Send with this session token instead of the current one (logout after the local session ended). */
  token?: string | null;
}

/** Same text within 3 s is shown once. */
const recent = new Map<string, number>();
export function notifyError(message: string, now = Date.now()): boolean {
  const last = recent.get(message);
  if (last !== undefined && now - last < Ui.duplicateErrorWindow) return false;
  recent.set(message, now);
  for (const [msg, at] of recent) if (now - at >= Ui.duplicateErrorWindow) recent.delete(msg);
  toast.error(message);
  return true;
}
export function resetErrorDedupe(): void {
  recent.clear();
}

const STATUS_TEXT: Record<number, string> = {
  401: Errors.unauthorized.msg,
  403: Errors.forbidden.msg,
  404: Errors.notFound.msg,
};

/** What happens to a failed call that did not opt out (docs/api.md "Error codes"). */
export function handleApiError(err: ApiError): void {
  if (SESSION_CODES.includes(err.code)) {
    endSession(apiErrorText(err));
    return;
  }
  // The envelope code decides (a 404-class business error such as 10010 keeps its own text), in
  // the UI language (lib/error-text.ts).
  const message = STATUS_TEXT[err.code] ?? err.message;
  notifyError(apiErrorText({ code: err.code, message, data: err.data }));
  // A token the server no longer knows cannot recover: leave the app instead of failing every call.
  if (err.code === 401 && getToken()) endSession();
}

/** Clears the session and goes to /login, coming back to the current page after login. */
export function endSession(notice?: string): void {
  const here = currentPath();
  useSession.getState().clear();
  if (notice) loginNotice.set(notice);
  if (!here.startsWith('/login')) go(loginPath(here), { replace: true });
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
}

async function send<T>(path: string, opts: RequestOptions): Promise<T> {
  const token = opts.token !== undefined ? opts.token : getToken();
  // The server answers its texts in the UI language (docs/api.md "Languages").
  const headers = requestHeaders(token);
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined || method === 'POST') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body ?? {});
  }

  const ctrl = new AbortController();
  const timer = setTimeout(
    () => ctrl.abort(new DOMException('timeout', 'TimeoutError')),
    opts.timeout ?? Ui.requestTimeout,
  );
  const onAbort = () => ctrl.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort);
  let res: Response;
  try {
    // A first screen's request the entry already started (early-request.ts) is not sent again.
    const early =
      method === 'POST' && !opts.query && typeof body === 'string'
        ? takeEarly(path, opts.body ?? {}, token)
        : undefined;
    res = await (early ?? fetch(buildUrl(path, opts.query), { method, headers, body, signal: ctrl.signal }));
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    markHttp(false);
    throw new ApiError(0, Errors.unknown.msg, 0);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }

  let env: Envelope<T> | null = null;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    env = null;
  }
  // An answer without an envelope and a 5xx came from what stands in front of the server.
  markHttp(Boolean(env && typeof env.code === 'number') || res.status < 500);
  if (env && typeof env.code === 'number') {
    if (env.code === OK_CODE) return env.data;
    throw new ApiError(env.code, env.msg || '', res.status, env.data ?? null);
  }
  throw new ApiError(res.status, STATUS_TEXT[res.status] ?? Errors.unknown.msg, res.status);
}

/** Calls the API; on failure runs the global handler unless `silent`, then rethrows the ApiError. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const token = opts.token !== undefined ? opts.token : getToken();
  try {
    return await send<T>(path, { ...opts, token });
  } catch (e) {
    // A call sent with a session that has since ended here (logout, switch) is not news to the user.
    const stale = e instanceof ApiError && SESSION_CODES.includes(e.code) && token !== getToken();
    if (e instanceof ApiError && !opts.silent && !stale) handleApiError(e);
    throw e;
  }
}

export const http = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'POST', body }),
};
