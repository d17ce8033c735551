import type { Connection } from './registry.js';
import type { BusMessage, Origin } from './types.js';

/**
 * The ack that stands for an event (types.ts `Origin`, docs/architecture.md "An event's way"): a
 * client frame gets a ticket while it is answered; an event it causes for its own user is held back
 * from that socket and its push sequence goes out in the ack instead.
 */

/** Gives a client frame its ticket: the origin its handler publishes events with. */
export function openTicket(conn: Connection): Origin {
  const ticket = ++conn.tickets;
  conn.answering.set(ticket, null);
  return { connectionId: conn.id, ticket };
}

/** Ends the frame's ticket: the push sequence of the event held back for its ack, if any. */
export function closeTicket(conn: Connection, origin: Origin): number | undefined {
  const seq = conn.answering.get(origin.ticket);
  conn.answering.delete(origin.ticket);
  return seq ?? undefined;
}

/**
 * True when this socket caused the event and its frame's ack is still pending: the ack takes the
 * event's sequence instead of the socket getting the frame. Once the ack is out (a bus that delivers
 * later than the ack), or for a second event of the same frame, the frame goes out.
 */
export function heldForAck(conn: Connection, message: Extract<BusMessage, { kind: 'users' }>): boolean {
  const origin = message.origin;
  const seq = message.frame.seq;
  if (!origin || origin.connectionId !== conn.id || typeof seq !== 'number') return false;
  if (conn.answering.get(origin.ticket) !== null) return false;
  conn.answering.set(origin.ticket, seq);
  return true;
}
