/** A server→client socket frame as a test client records it. */
export type Frame = { type: number | string; data: unknown; [k: string]: unknown };
export type FramePredicate = (f: Frame) => boolean;

const any: FramePredicate = () => true;

interface Waiter {
  predicate: FramePredicate;
  consume: boolean;
  resolve(f: Frame): void;
}

/**
 * The frames one client socket received, in order, and two ways to wait for them:
 *
 * - `next(pred?)` returns the earliest frame that no earlier `next()` returned (matching `pred` when
 *   given), waiting for it if needed, and marks it returned. Two calls with the same predicate
 *   therefore get two different frames: a test that expects a second `friend.updated` waits for a
 *   second one instead of being handed the first again.
 * - `waitFor(pred)` returns the earliest matching frame whether or not `next()` returned it, and
 *   marks nothing (for "this frame has arrived by now" checks).
 */
export class FrameLog {
  readonly frames: Frame[] = [];
  private readonly returned = new Set<Frame>();
  private readonly waiters: Waiter[] = [];

  /** Records a frame and hands it to the first waiters that want it (at most one consuming waiter). */
  push(f: Frame): void {
    this.frames.push(f);
    let taken = false;
    for (const w of [...this.waiters]) {
      if (!w.predicate(f) || (w.consume && taken)) continue;
      this.waiters.splice(this.waiters.indexOf(w), 1);
      if (w.consume) {
        taken = true;
        this.returned.add(f);
      }
      w.resolve(f);
    }
  }

  next(predicate: FramePredicate = any, timeoutMs = 5000): Promise<Frame> {
    const found = this.frames.find((f) => !this.returned.has(f) && predicate(f));
    if (found) {
      this.returned.add(found);
      return Promise.resolve(found);
    }
    return this.wait(predicate, true, timeoutMs);
  }

  waitFor(predicate: FramePredicate, timeoutMs = 5000): Promise<Frame> {
    const found = this.frames.find(predicate);
    return found ? Promise.resolve(found) : this.wait(predicate, false, timeoutMs);
  }

  private wait(predicate: FramePredicate, consume: boolean, timeoutMs: number): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        predicate,
        consume,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      };
      const timer = setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        const seen = JSON.stringify(this.frames.map((f) => f.type));
        reject(new Error(`timed out after ${timeoutMs} ms waiting for a frame; frames so far: ${seen}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }
}
