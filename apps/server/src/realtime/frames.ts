import type { FastifyBaseLogger } from 'fastify';
import type { RawData } from 'ws';
import {
  DEFAULT_LANGUAGE,
  ErrorDetails,
  Errors,
  clientFrame,
  clientFrames,
  issueText,
  type AckFrame,
  type ErrorFrame,
  type Language,
  type LocalizedText,
} from '@parley/protocol';
import type { z } from 'zod';
import { findBadString, illegalCharsText } from '../lib/validate.js';
import { fillParams, isAppError } from '../lib/errors.js';
import type { SavedLanguageLookup } from '../lib/language.js';
import { closeTicket, openTicket } from './ack-origin.js';
import type { Connection } from './registry.js';
import type { FrameHandler } from './types.js';
import { NO_TALLY, type Counts } from '../lib/metrics/tally.js';

/** Client frame limits per connection: a burst of 50, refilled at 25 frames/s. */
export const FRAME_BURST = 50;
export const FRAME_REFILL_PER_SECOND = 25;
/**
 * After this many frames dropped in a row the connection is closed with 1008, once every frame it
 * had in progress was answered (a send stored is acknowledged, never lost with the socket).
 */
export const MAX_DROPPED_IN_A_ROW = 50;

export const FrameTexts = {
  /** The close reason of a flooding socket (machine-read, not shown). */
  abuseReason: 'too many frames',
} as const;

export type OutFrame = AckFrame | ErrorFrame;

/** What a frame leads to besides the frame sent back. */
export type FrameOutcome = 'handled' | 'dropped' | 'abuse';

function errorFrame(code: number, msg: string): ErrorFrame {
  return { type: 'error', code, msg };
}

/**
 * Reads client frames: rate limit → JSON → shape (protocol `clientFrame`) → handler → ack.
 * One bad frame gets an error frame or an error ack; it never closes the socket or throws.
 */
export class FrameRouter {
  private readonly handlers = new Map<string, { handler: FrameHandler; schema: z.ZodType | undefined }>();

  constructor(
    private readonly log: FastifyBaseLogger,
    /** Time source of the rate limit (the app clock, so tests can move it). */
    private readonly clock: { now(): number } = { now: () => Date.now() },
    /** The user's saved language, for a socket whose upgrade named none. */
    private readonly savedLanguage: SavedLanguageLookup = () => Promise.resolve(null),
    /** Counts each well-formed frame by its type (lib/metrics). */
    private readonly received: Counts = NO_TALLY,
  ) {}

  /** The language of `conn`'s texts, resolved once (docs/api.md "Languages"). */
  private async languageOf(conn: Connection): Promise<Language> {
    if (conn.language === null) {
      conn.language = (await this.savedLanguage(conn.userId).catch(() => null)) ?? DEFAULT_LANGUAGE;
    }
    return conn.language;
  }

  private async text(
    conn: Connection,
    texts: LocalizedText,
    params?: Record<string, string>,
  ): Promise<string> {
    return fillParams(texts[await this.languageOf(conn)], params);
  }

  /** Registers a handler; frames of this type are checked against the socket contract's `data` schema. */
  on<D, A>(type: string, handler: FrameHandler<D, A>): void {
    if (this.handlers.has(type)) throw new Error(`socket frame handler for '${type}' is already registered`);
    const schema = (clientFrames as Record<string, { data: z.ZodType } | undefined>)[type]?.data;
    this.handlers.set(type, { handler: handler as FrameHandler, schema });
  }

  /** Token bucket: true if the frame may be processed now. */
  admit(conn: Connection, now = this.clock.now()): boolean {
    const elapsed = Math.max(0, now - conn.frameRefilledAt) / 1000;
    conn.frameTokens = Math.min(FRAME_BURST, conn.frameTokens + elapsed * FRAME_REFILL_PER_SECOND);
    conn.frameRefilledAt = now;
    if (conn.frameTokens < 1) return false;
    conn.frameTokens -= 1;
    return true;
  }

  async handle(
    conn: Connection,
    raw: RawData,
    isBinary: boolean,
    send: (frame: OutFrame) => void,
  ): Promise<FrameOutcome> {
    if (conn.abusive || !this.admit(conn)) {
      conn.dropped += 1;
      if (conn.dropped > MAX_DROPPED_IN_A_ROW) conn.abusive = true;
      return this.answering(conn, 'dropped', () => this.refuse(conn, raw, isBinary, send));
    }
    conn.dropped = 0;
    return this.answering(conn, 'handled', () => this.route(conn, raw, isBinary, send));
  }

  /** Counts the frame in progress until its answer (or refusal) was sent. */
  private async answering(conn: Connection, outcome: FrameOutcome, run: () => Promise<void>) {
    conn.inFlight += 1;
    try {
      await run();
    } finally {
      conn.inFlight -= 1;
    }
    return this.settled(conn, outcome);
  }

  /**
   * A frame over the rate limit is refused in its own ack (429) when it names an id; one without an
   * id gets one error frame per run of refusals.
   */
  private async refuse(conn: Connection, raw: RawData, isBinary: boolean, send: (frame: OutFrame) => void) {
    let frame: ReturnType<typeof clientFrame.safeParse> | undefined;
    try {
      frame = isBinary ? undefined : clientFrame.safeParse(JSON.parse(rawToString(raw)));
    } catch {
      frame = undefined;
    }
    if (!frame?.success && conn.dropped !== 1) return;
    const msg = await this.text(conn, Errors.rateLimited.texts);
    if (frame?.success) send(ack(frame.data.id, Errors.rateLimited.code, msg, null));
    else send(errorFrame(Errors.rateLimited.code, msg));
  }

  /** 'abuse' once a flooding connection has no frame left in progress: it may be closed now. */
  private settled(conn: Connection, outcome: FrameOutcome): FrameOutcome {
    return conn.abusive && conn.inFlight === 0 ? 'abuse' : outcome;
  }

  private async route(
    conn: Connection,
    raw: RawData,
    isBinary: boolean,
    send: (frame: OutFrame) => void,
  ): Promise<void> {
    if (isBinary) {
      send(errorFrame(400, await this.text(conn, ErrorDetails.frameBinary)));
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawToString(raw));
    } catch {
      send(errorFrame(400, await this.text(conn, ErrorDetails.frameNotJson)));
      return;
    }
    const result = clientFrame.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      const texts = issue ? issueText(issue, parsed) : ErrorDetails.frameBadShape;
      send(errorFrame(400, await this.text(conn, texts)));
      return;
    }
    const { id, type } = result.data;
    const entry = this.handlers.get(type);
    this.received.add(entry ? type : 'unknown');
    if (!entry) {
      const msg = await this.text(conn, ErrorDetails.frameUnknownType, { type });
      send(ack(id, Errors.notFound.code, msg, null));
      return;
    }
    let data: unknown = result.data.data;
    if (entry.schema) {
      const checked = entry.schema.safeParse(data);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        const field = ['data', ...(issue?.path ?? []).map(String)].join('.');
        const texts = issue ? issueText(issue, data) : ErrorDetails.frameBadShape;
        send(ack(id, Errors.badRequest.code, await this.text(conn, texts), { field }));
        return;
      }
      data = checked.data;
    }
    const bad = findBadString(data, ['data']);
    if (bad !== null) {
      const msg = await this.text(conn, illegalCharsText(bad));
      send(ack(id, Errors.badRequest.code, msg, { field: bad }));
      return;
    }
    // The ticket names this frame to the events it causes (ack-origin.ts): one held back for this
    // socket comes back here, and its push sequence goes out in the ack.
    const origin = openTicket(conn);
    const answer = (code: number, msg: string, out: unknown) =>
      send(ack(id, code, msg, out, closeTicket(conn, origin)));
    try {
      const out = await entry.handler(
        { userId: conn.userId, tokenId: conn.tokenId, connectionId: conn.id, origin },
        data,
      );
      answer(200, 'ok', out ?? null);
    } catch (err) {
      if (isAppError(err)) {
        answer(err.code, err.textIn(await this.languageOf(conn)), err.data ?? null);
      } else {
        this.log.error(
          { err, frameType: type, userId: conn.userId, connectionId: conn.id },
          'socket frame handler failed',
        );
        answer(Errors.unknown.code, await this.text(conn, Errors.unknown.texts), null);
      }
    }
    return;
  }
}

function ack(id: string | number, code: number, msg: string, data: unknown, seq?: number): AckFrame {
  return seq === undefined ? { type: 'ack', id, code, msg, data } : { type: 'ack', id, code, msg, data, seq };
}

function rawToString(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  if (raw instanceof ArrayBuffer) return Buffer.from(raw).toString('utf8');
  return raw.toString('utf8');
}
