import type { FastifyBaseLogger } from 'fastify';
import type { ProviderLimits } from '../../../config.js';

/**
 * A provider failed for good (after its retries). `reason` is safe to log: a status, a timeout or a
 * socket error code, never the URL, the request or the key.
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
  ) {
    super(`${provider}: ${reason}`);
  }
}

/** One attempt's failure: retried when `retryable` (network, timeout, 408/429/5xx). */
class AttemptError extends Error {
  constructor(
    readonly reason: string,
    readonly retryable: boolean,
  ) {
    super(reason);
  }
}

/** Largest provider answer read (a JSON with a translation or a transcript). */
export const MAX_RESPONSE_BYTES = 1024 * 1024;
/** First wait before a retry; doubled after each further failure. */
export const BACKOFF_MS = 250;

export interface ProviderCall<T> {
  /** Names the provider in logs and errors ('translate', 'asr'). */
  name: string;
  url: string;
  limits: ProviderLimits;
  log: FastifyBaseLogger;
  /** Builds the request anew for each attempt (a multipart body cannot be sent twice). */
  init(): RequestInit;
  /** The parsed JSON answer, or throws (a malformed answer is not retried). */
  parse(json: unknown): T;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The answer's text, read up to MAX_RESPONSE_BYTES (more: not retried, the provider is wrong). */
async function readLimited(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      throw new AttemptError('answer too large', false);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function reasonOf(err: unknown): AttemptError {
  if (err instanceof AttemptError) return err;
  const e = err as { name?: string; cause?: { code?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return new AttemptError('timeout', true);
  return new AttemptError(e.cause?.code ?? e.name ?? 'network error', true);
}

async function attempt<T>(call: ProviderCall<T>): Promise<T> {
  const res = await fetch(call.url, {
    ...call.init(),
    signal: AbortSignal.timeout(call.limits.timeoutMs),
    redirect: 'error',
  });
  const text = await readLimited(res);
  if (!res.ok) {
    const retryable = res.status === 408 || res.status === 429 || res.status >= 500;
    throw new AttemptError(`HTTP ${res.status}`, retryable);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AttemptError('answer is not JSON', false);
  }
  try {
    return call.parse(json);
  } catch {
    throw new AttemptError('answer has an unexpected shape', false);
  }
}

/**
 * POSTs to a provider with a time limit per attempt and `limits.retries` retries after a network
 * error, a timeout or a 408/429/5xx, waiting BACKOFF_MS, then twice as long, between them. Each
 * failed attempt is logged by its reason only; the last one becomes a ProviderError.
 */
export async function callProvider<T>(call: ProviderCall<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt(call);
    } catch (err) {
      const failure = reasonOf(err);
      const last = !failure.retryable || i >= call.limits.retries;
      call.log.warn(
        { provider: call.name, attempt: i + 1, reason: failure.reason, retrying: !last },
        'provider call failed',
      );
      if (last) throw new ProviderError(call.name, failure.reason);
      await sleep(BACKOFF_MS * 2 ** i);
    }
  }
}
