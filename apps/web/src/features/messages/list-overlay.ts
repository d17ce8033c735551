import type { Conversation } from '@parley/protocol';

/**
 * Changes to the conversation list made while a full fetch of it is on its way. A fetch answers
 * with what the server held when it read, which can be older than a push or an own action that
 * arrived meanwhile (a draft saved while switching chats, a pin, a new message): those rows are
 * laid over the fetched list instead of being lost to it.
 */
export class ListOverlay {
  private seq = 0;
  /** conversationID → [sequence of the change, the row after it (null: removed)]. */
  private readonly changes = new Map<string, [number, Conversation | null]>();
  private readonly inFlight = new Set<number>();

  /** Notes what a patch changed: rows added, replaced or removed between `before` and `after`. */
  note(before: readonly Conversation[], after: readonly Conversation[]): void {
    if (this.inFlight.size === 0) return;
    const seq = ++this.seq;
    const old = new Map(before.map((c) => [c.conversationID, c]));
    for (const c of after) {
      if (old.get(c.conversationID) !== c) this.changes.set(c.conversationID, [seq, c]);
      old.delete(c.conversationID);
    }
    for (const id of old.keys()) this.changes.set(id, [seq, null]);
  }

  /** A fetch starts: changes from now on win over its answer. Returns its token. */
  begin(): number {
    const token = this.seq;
    this.inFlight.add(token);
    return token;
  }

  /** Lays the changes made since `token` over a fetched list (without ending the fetch). */
  apply(token: number, fetched: readonly Conversation[]): Conversation[] {
    const later = new Map<string, Conversation | null>();
    for (const [id, [seq, row]] of this.changes) if (seq > token) later.set(id, row);
    if (later.size === 0) return fetched.slice();
    const out: Conversation[] = [];
    for (const c of fetched) {
      if (!later.has(c.conversationID)) out.push(c);
      else {
        const row = later.get(c.conversationID);
        if (row) out.push(row);
        later.delete(c.conversationID);
      }
    }
    for (const row of later.values()) if (row) out.push(row);
    return out;
  }

  /** The fetch of `token` is over; changes no fetch in flight can still overtake are forgotten. */
  end(token: number): void {
    this.inFlight.delete(token);
    const oldest = Math.min(...this.inFlight);
    for (const [id, [seq]] of this.changes) if (seq <= oldest) this.changes.delete(id);
  }
}
