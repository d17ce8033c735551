import type { LocalizedText, SendMessageBody, ServerEventType } from '@parley/protocol';
import { AppError, isAppError, type TextParams } from '../../../../lib/errors.js';
import type { Audience, Origin } from '../../../../realtime/types.js';

/** What the send thread is started with. */
export interface ThreadData {
  filePath: string;
  sensitiveWords: string[];
  searchIndexEveryMs: number;
  /** The main thread measures: each commit's size and duration come back as a `commit` reply. */
  metrics: boolean;
}

/** Main → thread: sends to check and commit, in the order they were made. */
export type ThreadJob =
  | { k: 'send'; id: number; userId: number; body: SendMessageBody; now: number; origin?: Origin }
  | { k: 'close' };

/** A failure as it crosses threads: an application error keeps its code, status, text and data. */
export type WireError =
  | {
      app: true;
      code: number;
      status: number;
      texts: LocalizedText;
      params: TextParams | undefined;
      data: unknown;
    }
  | { app: false; msg: string };

/**
 * Thread → main, in the order they happened: events to publish (after a commit), the answer of each send, and log lines. Events and answers carry their data as JSON text, encoded
 * once on the thread (realtime/encoded.ts): text crosses threads as one copy, where an object is
 * cloned field by field and then encoded again for every socket.
 */
export type ThreadReply =
  | { k: 'emit'; to: Audience; type: ServerEventType; json: string; origin?: Origin }
  /**
   * The stored message as its sender sees it (a `Message`), as JSON: carried, or (`at`) the text of
   * the `emit` at that place in the same message, its sender's event (thread.ts `answer`).
   */
  | { k: 'done'; id: number; json: string }
  | { k: 'done'; id: number; at: number }
  | { k: 'fail'; id: number; error: WireError }
  | { k: 'log'; level: 'error' | 'warn' | 'info'; obj: unknown; msg: string }
  /** A group commit of `size` sends in `seconds`, for the main thread's metrics. */
  | { k: 'commit'; size: number; seconds: number };

/** The answer's text: its own, or that of the event it names in the same message (null: none there). */
export function answerJson(
  r: Extract<ThreadReply, { k: 'done' }>,
  replies: readonly ThreadReply[],
): string | null {
  if ('json' in r) return r.json;
  const named = replies[r.at];
  return named?.k === 'emit' ? named.json : null;
}

export function toWire(err: unknown): WireError {
  if (isAppError(err))
    return {
      app: true,
      code: err.code,
      status: err.status,
      texts: err.texts,
      params: err.params,
      data: err.data,
    };
  return { app: false, msg: err instanceof Error ? err.message : String(err) };
}

export function fromWire(e: WireError): Error {
  if (e.app) {
    const def = { code: e.code, status: e.status, msg: e.texts['zh-CN'], texts: e.texts };
    return new AppError(def, e.texts, e.data, e.params);
  }
  return new Error(`send thread: ${e.msg}`);
}
