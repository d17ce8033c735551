import { API_BASE, requestHeaders } from './request-headers';

/** The conversation list's page: the server's largest (docs/api.md: count ≤ 100). */
export const CONVERSATION_PAGE_SIZE = 100;

/** How long a request started early waits to be taken; after that its answer counts as stale. */
const KEEP_MS = 15_000;

interface Early {
  token: string;
  at: number;
  response: Promise<Response>;
}
const started = new Map<string, Early>();
const keyOf = (path: string, body: unknown) => `${path} ${JSON.stringify(body)}`;

/**
 * Starts a first screen's data request together with the entry script, before the code that makes
 * it has loaded (that code waits for its chunks, then renders, then asks). The request the screen
 * then makes through `request` (http.ts) with the same path, body and session takes this answer
 * instead of asking again, once.
 */
export function startEarly(path: string, body: unknown, token: string): void {
  const response = fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: { ...requestHeaders(token), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  // Never taken: the failure is nobody's to report.
  response.catch(() => undefined);
  started.set(keyOf(path, body), { token, at: performance.now(), response });
}

/** The early answer to this request, if one was started with this session and is still fresh. */
export function takeEarly(path: string, body: unknown, token: string | null): Promise<Response> | undefined {
  const key = keyOf(path, body);
  const early = started.get(key);
  if (!early) return undefined;
  started.delete(key);
  return early.token === token && performance.now() - early.at < KEEP_MS ? early.response : undefined;
}
