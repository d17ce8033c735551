/**
 * Gathers calls made close together into one: the first call opens a batch, which runs after
 * `windowMs` or as soon as it holds `max` items; every caller gets its own item's answer. For Redis
 * commands a reconnect storm issues once per socket (SUBSCRIBE, the push sequence's GET): during a
 * storm the event loop turns with one or two new sockets each, so batching by turn left nearly every
 * command in its own write, and a write to a socket costs tens of microseconds here.
 */
export class TimedBatch<K, R> {
  private items: K[] = [];
  private waiters: Array<{ resolve(r: R): void; reject(e: unknown): void }> = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly run: (items: K[]) => Promise<R[]>,
    private readonly opts: { windowMs: number; max: number },
  ) {}

  add(item: K): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.items.push(item);
      this.waiters.push({ resolve, reject });
      if (this.items.length >= this.opts.max) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.opts.windowMs);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const items = this.items;
    const waiters = this.waiters;
    this.items = [];
    this.waiters = [];
    this.run(items).then(
      (results) => waiters.forEach((w, i) => w.resolve(results[i]!)),
      (err: unknown) => waiters.forEach((w) => w.reject(err)),
    );
  }
}
