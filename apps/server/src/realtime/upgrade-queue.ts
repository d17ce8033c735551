/**
 * Socket upgrades waiting for their token check, taken a slice per event-loop turn.
 *
 * Node accepts new TCP connections only when its event loop polls. If every upgrade request that
 * arrives in one poll is checked on the spot, a reconnect storm (thousands of requests in one poll)
 * keeps the loop away from polling for hundreds of milliseconds; the kernel's accept queue (4,096
 * here) fills, the handshakes beyond it are dropped and those clients wait a TCP retransmission
 * timeout (1 s, then 3 s) before they are even seen (docs/performance.md "Reconnect storm"). Taking
 * at most `sliceMs` of checks per turn lets the loop come back to accept in between, so every
 * connection is held by the process and served in arrival order.
 */
export class UpgradeQueue<T> {
  private items: Array<T | undefined> = [];
  private head = 0;
  private scheduled = false;

  constructor(
    private readonly run: (item: T) => void,
    private readonly opts: {
      sliceMs: number;
      max: number;
      /** The clock the slice is measured on (tests pass their own); `performance.now` by default. */
      now?: () => number;
    },
  ) {}

  /** Upgrades waiting. */
  get size(): number {
    return this.items.length - this.head;
  }

  /** Queues an upgrade; false when `max` are already waiting (the caller refuses it). */
  push(item: T): boolean {
    if (this.size >= this.opts.max) return false;
    this.items.push(item);
    this.schedule();
    return true;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.drain);
  }

  private readonly drain = (): void => {
    this.scheduled = false;
    const now = this.opts.now ?? (() => performance.now());
    const until = now() + this.opts.sliceMs;
    while (this.head < this.items.length) {
      const item = this.items[this.head]!;
      this.items[this.head++] = undefined;
      this.run(item);
      if (now() >= until) break;
    }
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else {
      if (this.head > 1024) {
        this.items = this.items.slice(this.head);
        this.head = 0;
      }
      this.schedule();
    }
  };
}
