/**
 * The sends handed to the send thread and not answered yet, by id. Ids count up from 1 and answers
 * come back in about the order of the ids, so the table is a ring of slots indexed by id, reused in
 * place: it grows (doubling) only when more sends are open at once than it has slots, and never
 * allocates otherwise. A `Map` here got a new hash table whenever it grew or emptied, several times a
 * second under load, each table young and held by the long-lived map, so copied by the next scavenge
 * (docs/decisions/011-young-objects-on-the-send-path.md).
 */
export class PendingSends<T> {
  private ids: number[] = new Array<number>(64).fill(0);
  private values: Array<T | undefined> = new Array<T | undefined>(64).fill(undefined);
  /** The oldest id that may still be open, and the newest one added. */
  private oldest = 1;
  private newest = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Adds the next id (one more than the last one added). */
  add(id: number, value: T): void {
    if (id !== this.newest + 1) throw new Error(`send ${id} added out of order (last ${this.newest})`);
    if (id - this.oldest + 1 > this.ids.length) this.grow();
    const slot = id & (this.ids.length - 1);
    this.ids[slot] = id;
    this.values[slot] = value;
    this.newest = id;
    this.count += 1;
  }

  /** The open send's value, which is then closed; undefined if the id is not open. */
  take(id: number): T | undefined {
    if (id < this.oldest || id > this.newest) return undefined;
    const slot = id & (this.ids.length - 1);
    if (this.ids[slot] !== id) return undefined;
    const value = this.values[slot];
    this.ids[slot] = 0;
    this.values[slot] = undefined;
    this.count -= 1;
    const mask = this.ids.length - 1;
    while (this.oldest <= this.newest && this.ids[this.oldest & mask] !== this.oldest) this.oldest += 1;
    return value;
  }

  /** Closes every open send: their values, oldest first. */
  drain(): T[] {
    const out: T[] = [];
    const mask = this.ids.length - 1;
    for (let id = this.oldest; id <= this.newest; id++) {
      const slot = id & mask;
      if (this.ids[slot] !== id) continue;
      out.push(this.values[slot]!);
      this.ids[slot] = 0;
      this.values[slot] = undefined;
    }
    this.count = 0;
    this.oldest = this.newest + 1;
    return out;
  }

  private grow(): void {
    const size = this.ids.length * 2;
    const ids = new Array<number>(size).fill(0);
    const values = new Array<T | undefined>(size).fill(undefined);
    const mask = this.ids.length - 1;
    for (let id = this.oldest; id <= this.newest; id++) {
      const slot = id & mask;
      if (this.ids[slot] !== id) continue;
      ids[id & (size - 1)] = id;
      values[id & (size - 1)] = this.values[slot];
    }
    this.ids = ids;
    this.values = values;
  }
}
