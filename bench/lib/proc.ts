import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { nodeFlags } from '../../apps/server/scripts/build.mjs';

/** A forked child (TypeScript through tsx, or a compiled `.js` as it is) with typed IPC in both directions. */
export class Child<Cmd, Reply extends { kind: string }> {
  readonly proc: ChildProcess;
  private readonly inbox: Reply[] = [];
  private readonly waiters: Array<{ kind: string; resolve: (r: Reply) => void }> = [];
  readonly exited: Promise<number | null>;

  constructor(script: string, opts: { env?: NodeJS.ProcessEnv; execArgv?: string[] } = {}) {
    this.proc = fork(script, [], {
      execArgv: [...nodeFlags(script), ...(opts.execArgv ?? [])],
      env: opts.env ?? process.env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.exited = new Promise((resolve) => this.proc.once('exit', (code) => resolve(code)));
    this.proc.on('message', (raw) => {
      const reply = raw as Reply;
      const i = this.waiters.findIndex((w) => w.kind === reply.kind || reply.kind === 'error');
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(reply);
      else this.inbox.push(reply);
    });
  }

  get pid(): number {
    return this.proc.pid ?? -1;
  }

  send(command: Cmd): void {
    this.proc.send(command as object);
  }

  /** The next reply of this kind (an 'error' reply or an exit rejects). */
  next<K extends Reply['kind']>(kind: K, timeoutMs = 300_000): Promise<Extract<Reply, { kind: K }>> {
    const queued = this.inbox.findIndex((r) => r.kind === kind || r.kind === 'error');
    const settle = (r: Reply): Extract<Reply, { kind: K }> => {
      if (r.kind === 'error') throw new Error(`child ${this.pid}: ${JSON.stringify(r)}`);
      return r as Extract<Reply, { kind: K }>;
    };
    if (queued >= 0) return Promise.resolve(this.inbox.splice(queued, 1)[0]!).then(settle);
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`child ${this.pid}: no '${kind}' within ${timeoutMs} ms`)),
        timeoutMs,
      );
      void this.exited.then((code) =>
        reject(new Error(`child ${this.pid} exited (${code}) while waiting for '${kind}'`)),
      );
      this.waiters.push({
        kind,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
      });
    }).then(settle);
  }

  async stop(): Promise<void> {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    this.proc.kill('SIGTERM');
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Resident set size of a process, from /proc/<pid>/status (Linux). */
export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb) * 1024;
}

/** Soft limit of open files of this process (children inherit it). */
export function openFilesLimit(): number | null {
  try {
    const limits = fs.readFileSync('/proc/self/limits', 'utf8');
    const m = /^Max open files\s+(\d+|unlimited)/m.exec(limits);
    return !m?.[1] || m[1] === 'unlimited' ? null : Number(m[1]);
  } catch {
    return null;
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Prints rows as a Markdown table (readable in a terminal, pasteable into docs). */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}
