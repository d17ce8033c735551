import type { SfuConfig } from '../config.js';

/** How long one dependency may take to answer a readiness check before it counts as missing. */
export const READY_CHECK_MS = 3000;

/** One dependency of the node, as /readyz reports it. */
export interface DependencyState {
  ok: boolean;
  /** What it is: `postgres`/`sqlite`, `redis`/`memory`, `local`/`s3`, `janus`/`werift`. */
  kind: string;
}

export interface Readiness {
  ready: boolean;
  draining: boolean;
  checks: { db: DependencyState; bus: DependencyState; files: DependencyState; sfu: DependencyState };
  /** The names of the checks that failed (and `draining`), for the 503 body. */
  missing: string[];
}

/** What readiness asks: each answers true when the dependency serves now. */
export interface ReadinessProbes {
  db: { kind: string; ping(): Promise<boolean> };
  bus: { kind: string; ping(): Promise<boolean> };
  files: { kind: string; ping(): Promise<boolean> };
  sfu: { kind: string; ping(): Promise<boolean> };
  draining(): boolean;
}

/** A probe that fails instead of waiting past READY_CHECK_MS, and never throws. */
async function within(probe: () => Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([probe().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Asks every dependency at once; the node is ready when all answer and it is not draining. */
export async function checkReadiness(p: ReadinessProbes, ms = READY_CHECK_MS): Promise<Readiness> {
  const names = ['db', 'bus', 'files', 'sfu'] as const;
  const results = await Promise.all(names.map((n) => within(() => p[n].ping(), ms)));
  const checks = Object.fromEntries(
    names.map((n, i) => [n, { kind: p[n].kind, ok: results[i]! }]),
  ) as Readiness['checks'];
  const draining = p.draining();
  const missing = [...names.filter((_, i) => !results[i]), ...(draining ? ['draining'] : [])];
  return { ready: missing.length === 0, draining, checks, missing };
}

/**
 * The SFU's probe: Janus answers `GET {JANUS_URL}/info`; the embedded werift SFU runs inside the
 * node (its worker starts with the first group call), so it is there whenever the node is.
 */
export function sfuProbe(sfu: SfuConfig): ReadinessProbes['sfu'] {
  if (sfu.kind !== 'janus') return { kind: sfu.kind, ping: async () => true };
  return {
    kind: 'janus',
    ping: async () => {
      const res = await fetch(`${sfu.url.replace(/\/$/, '')}/info`, {
        signal: AbortSignal.timeout(READY_CHECK_MS),
      });
      const body = (await res.json().catch(() => null)) as { janus?: string } | null;
      return res.ok && body?.janus === 'server_info';
    },
  };
}
