import type { BusMessage, Origin } from './types.js';

/**
 * The ack that stands for an event (types.ts `Origin`, docs/architecture.md "An event's way"): a
 * client frame gets a ticket while it is answered; an event it causes for its own user is held back
 * from that socket and its push sequence goes out in the ack instead.
 */

/** No event is held for the ticket (push sequences start at 1). */
const NONE = 0;

/**
 * A socket's frames being answered: it gives each its ticket, and keeps the push sequence of the
 * event held back for each ack (`NONE` while none is). Usually one or two at a time, kept in two
 * arrays that are reused in place: they grow once and never shrink (their length is `size`, not the
 * arrays'). A `Map` here got a new hash table on nearly every frame (it rehashes as it empties),
 * each table young and held by the long-lived connection, so copied by the next scavenge
 * (docs/decisions/011-young-objects-on-the-send-path.md). The lookups scan: the frame rate limit (frames.ts,
 * a burst of 50 then 25 a second) keeps the open tickets few, even when a client floods a socket
 * whose handlers are slow.
 */
export class AnswerTickets {
  private readonly tickets: number[] = [];
  private readonly held: number[] = [];
  private size = 0;
  private last = 0;

  /** How many frames are being answered. */
  get pending(): number {
    return this.size;
  }

  /** A new frame's ticket, open until `close`. */
  open(): number {
    const ticket = ++this.last;
    this.tickets[this.size] = ticket;
    this.held[this.size] = NONE;
    this.size += 1;
    return ticket;
  }

  /** Closes the ticket: the sequence held for it, if any. */
  close(ticket: number): number | undefined {
    const i = this.indexOf(ticket);
    if (i < 0) return undefined;
    const seq = this.held[i]!;
    for (let j = i + 1; j < this.size; j++) {
      this.tickets[j - 1] = this.tickets[j]!;
      this.held[j - 1] = this.held[j]!;
    }
    this.size -= 1;
    return seq === NONE ? undefined : seq;
  }

  /** Holds `seq` for the ticket's ack: false when the ticket is closed or holds one already. */
  hold(ticket: number, seq: number): boolean {
    const i = this.indexOf(ticket);
    if (i < 0 || this.held[i] !== NONE) return false;
    this.held[i] = seq;
    return true;
  }

  private indexOf(ticket: number): number {
    for (let i = 0; i < this.size; i++) if (this.tickets[i] === ticket) return i;
    return -1;
  }
}

/** What the tickets below need of a socket's connection (registry.ts `Connection`). */
type Answering = { readonly id: string; readonly answering: AnswerTickets };

/** Gives a client frame its ticket: the origin its handler publishes events with. */
export function openTicket(conn: Answering): Origin {
  return { connectionId: conn.id, ticket: conn.answering.open() };
}

/** Ends the frame's ticket: the push sequence of the event held back for its ack, if any. */
export function closeTicket(conn: Answering, origin: Origin): number | undefined {
  return conn.answering.close(origin.ticket);
}

/**
 * True when this socket caused the event and its frame's ack is still pending: the ack takes the
 * event's sequence instead of the socket getting the frame. Once the ack is out (a bus that delivers
 * later than the ack), or for a second event of the same frame, the frame goes out.
 */
export function heldForAck(conn: Answering, message: Extract<BusMessage, { kind: 'users' }>): boolean {
  const origin = message.origin;
  const seq = message.frame.seq;
  if (!origin || origin.connectionId !== conn.id || typeof seq !== 'number' || seq <= NONE) return false;
  return conn.answering.hold(origin.ticket, seq);
}
