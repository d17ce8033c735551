/**
 * Counts by a bounded key (a frame type, an error code), kept in a plain map that the hot paths bump
 * and a scrape reads (families.ts): no label hashing and no allocation per count. `NO_TALLY` is what
 * a node that measures nothing bumps.
 */
export interface Counts {
  add(key: string | number, n?: number): void;
}

export class Tally implements Counts {
  private readonly counts = new Map<string | number, number>();

  add(key: string | number, n = 1): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + n);
  }

  entries(): IterableIterator<[string | number, number]> {
    return this.counts.entries();
  }
}

export const NO_TALLY: Counts = { add: () => undefined };
