import { isAppError } from '../errors.js';
import { NO_TALLY, Tally, type Counts } from './tally.js';

/** What a send batch's outcome says, as `metrics.sends` reads it (send.service.ts). */
type SendResult = { ok: true } | { ok: false; error: unknown };

/**
 * The hook points the rest of the server calls (docs/operations.md "Health, readiness and metrics"). Each one only counts
 * into plain fields; the Prometheus families read them when scraped (families.ts), so a hot path
 * (a socket frame, a send) pays an increment. A node with metrics off gets `NO_METRICS`, whose
 * hooks do nothing.
 */
export interface Metrics {
  readonly enabled: boolean;
  /** Client frames received, by type (a registered one, or `unknown`). */
  readonly framesIn: Counts;
  /** Frames written to sockets, by type (`ack` for answers). */
  readonly framesOut: Counts;
  /** A send batch's requests and their outcomes, in order. */
  sends(requests: readonly { body: { conversationID: string } }[], outcomes: readonly SendResult[]): void;
  /** One group commit of `size` sends that took `seconds` (commit-batcher.ts); null: not measured. */
  readonly commit: ((size: number, seconds: number) => void) | null;
  /** A sync answered (REST or socket); `reset`: the client must reload. */
  sync(reset: boolean): void;
  /** Bytes of a stored upload. */
  uploaded(bytes: number): void;
  /** A call to the translation or voice-to-text provider, and whether it failed. */
  provider(name: 'translate' | 'asr', failed: boolean): void;
}

/** The counts behind the Prometheus families of one node. */
export class MetricCounts implements Metrics {
  readonly enabled = true;
  readonly framesIn = new Tally();
  readonly framesOut = new Tally();
  readonly refusals = new Tally();
  sentOneToOne = 0;
  sentGroup = 0;
  syncRequests = 0;
  syncResets = 0;
  uploadBytes = 0;
  readonly providerCalls = new Tally();
  readonly providerFailures = new Tally();
  /** Set by the families: the commit histograms' observer. */
  commit: ((size: number, seconds: number) => void) | null = null;

  sends(requests: readonly { body: { conversationID: string } }[], outcomes: readonly SendResult[]): void {
    for (let i = 0; i < outcomes.length; i++) {
      const o = outcomes[i]!;
      if (o.ok) {
        if (requests[i]!.body.conversationID.startsWith('GROUP')) this.sentGroup++;
        else this.sentOneToOne++;
      } else this.refusals.add(isAppError(o.error) ? String(o.error.code) : 'error');
    }
  }

  sync(reset: boolean): void {
    this.syncRequests++;
    if (reset) this.syncResets++;
  }

  uploaded(bytes: number): void {
    this.uploadBytes += bytes;
  }

  provider(name: 'translate' | 'asr', failed: boolean): void {
    this.providerCalls.add(name);
    if (failed) this.providerFailures.add(name);
  }
}

const nothing = () => undefined;

export const NO_METRICS: Metrics = {
  enabled: false,
  framesIn: NO_TALLY,
  framesOut: NO_TALLY,
  sends: nothing,
  commit: null,
  sync: nothing,
  uploaded: nothing,
  provider: nothing,
};
