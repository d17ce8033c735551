import fsp from 'node:fs/promises';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricCounts } from './metrics.js';
import type { Tally } from './tally.js';

/** What the families read at each scrape besides the counts: the node's live parts. */
export interface MetricSources {
  /** Open authenticated sockets on this node. */
  sockets(): number;
  bus: { readonly up: boolean; readonly publishFailures: number };
  /** Whether the database answers a trivial statement (bounded by PING_TIMEOUT_MS here). */
  dbPing(): Promise<boolean>;
  /** The PostgreSQL pool's connections (none on SQLite). */
  pool: { totalCount: number; idleCount: number; waitingCount: number } | null;
  dataDir: string;
  /** Calls not over, in the whole database (every node sees the same). */
  activeCalls(): Promise<{ oneToOne: number; group: number }>;
  /** Moments whose fan-out is not finished. */
  fanoutBacklog(): Promise<number>;
  sfu: { readonly roomCount: number; forwardedPackets(): Promise<number | null> };
}

/** A scrape waits this long for the database's answer, then reports it down. */
const PING_TIMEOUT_MS = 2000;
const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256];

const withTimeout = <T>(p: Promise<T>, fallback: T): Promise<T> =>
  Promise.race([p, new Promise<T>((r) => setTimeout(() => r(fallback), PING_TIMEOUT_MS).unref())]);

/**
 * The Prometheus families of one node, in a registry of its own (several nodes can share a process:
 * the tests' two-node suites). Counters that the hot paths bump as plain numbers are copied in at
 * scrape time (`collect`); the gauges read their source then.
 */
export function defineFamilies(
  registry: Registry,
  counts: MetricCounts,
  sources: () => MetricSources | null,
) {
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  // prom-client's gauges of live handles end in `_total`, which promtool refuses for a non-counter.
  for (const name of [
    'nodejs_active_handles_total',
    'nodejs_active_requests_total',
    'nodejs_active_resources_total',
  ])
    registry.removeSingleMetric(name);
  const tallied = (name: string, help: string, label: string, tally: Tally) =>
    new Counter({
      name,
      help,
      labelNames: [label],
      registers,
      collect() {
        this.reset();
        for (const [key, n] of tally.entries()) this.inc({ [label]: key }, n);
      },
    });
  const counted = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  const gauge = (
    name: string,
    help: string,
    read: (g: Gauge, s: MetricSources) => void | Promise<void>,
    labelNames: string[] = [],
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        const s = sources();
        if (s) await read(this, s);
      },
    });

  const http = {
    requests: new Counter({
      name: 'parley_http_requests_total',
      help: 'HTTP requests answered, by route template, method and status class.',
      labelNames: ['route', 'method', 'status_class'],
      registers,
    }),
    duration: new Histogram({
      name: 'parley_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route template, method and status class.',
      labelNames: ['route', 'method', 'status_class'],
      buckets: SECONDS_BUCKETS,
      registers,
    }),
  };
  const commitSize = new Histogram({
    name: 'parley_send_commit_batch_size',
    help: 'Sends committed together in one group commit.',
    buckets: BATCH_BUCKETS,
    registers,
  });
  const commitDuration = new Histogram({
    name: 'parley_send_commit_duration_seconds',
    help: "A group commit's transaction, its checks and writes included.",
    buckets: SECONDS_BUCKETS,
    registers,
  });
  counts.commit = (size, seconds) => {
    commitSize.observe(size);
    commitDuration.observe(seconds);
  };
  const statement = new Histogram({
    name: 'parley_database_statement_duration_seconds',
    help: 'Statements run through the query builder (the prepared send statements are inside the commit duration).',
    buckets: SECONDS_BUCKETS,
    registers,
  });

  tallied(
    'parley_socket_frames_received_total',
    'Client socket frames received, by type.',
    'type',
    counts.framesIn,
  );
  tallied('parley_socket_frames_sent_total', 'Frames written to sockets, by type.', 'type', counts.framesOut);
  new Counter({
    name: 'parley_messages_sent_total',
    help: 'Messages stored, by kind of conversation.',
    labelNames: ['kind'],
    registers,
    collect() {
      this.reset();
      this.inc({ kind: 'one_to_one' }, counts.sentOneToOne);
      this.inc({ kind: 'group' }, counts.sentGroup);
    },
  });
  tallied('parley_message_send_refusals_total', 'Sends refused, by error code.', 'code', counts.refusals);
  counted('parley_sync_requests_total', 'Syncs answered (REST and socket).', () => counts.syncRequests);
  counted(
    'parley_sync_resets_total',
    'Syncs answered with reset (the client reloads).',
    () => counts.syncResets,
  );
  counted('parley_upload_bytes_total', 'Bytes of uploads stored.', () => counts.uploadBytes);
  tallied(
    'parley_provider_calls_total',
    'Translation and voice-to-text provider calls.',
    'provider',
    counts.providerCalls,
  );
  tallied(
    'parley_provider_failures_total',
    'Provider calls that failed after their retries.',
    'provider',
    counts.providerFailures,
  );
  counted(
    'parley_bus_publish_failures_total',
    'Bus publishes that failed.',
    () => sources()?.bus.publishFailures ?? 0,
  );
  let forwarded = 0;
  new Counter({
    name: 'parley_sfu_forwarded_packets_total',
    help: 'Media packets the embedded SFU (werift) forwarded.',
    registers,
    async collect() {
      const n = await sources()
        ?.sfu.forwardedPackets()
        .catch(() => null);
      if (typeof n === 'number') forwarded = n;
      this.reset();
      this.inc(forwarded);
    },
  });

  gauge('parley_sockets_open', 'Open authenticated sockets.', (g, s) => g.set(s.sockets()));
  gauge('parley_bus_up', 'Whether the bus delivers (1) or not (0).', (g, s) => g.set(s.bus.up ? 1 : 0));
  gauge('parley_database_up', 'Whether the database answered at this scrape.', async (g, s) =>
    g.set((await withTimeout(s.dbPing(), false)) ? 1 : 0),
  );
  gauge(
    'parley_database_pool_connections',
    'PostgreSQL pool connections, by state.',
    (g, s) => {
      if (!s.pool) return;
      g.set({ state: 'idle' }, s.pool.idleCount);
      g.set({ state: 'busy' }, s.pool.totalCount - s.pool.idleCount);
    },
    ['state'],
  );
  gauge('parley_database_pool_waiting', 'Queries waiting for a PostgreSQL pool connection.', (g, s) => {
    if (s.pool) g.set(s.pool.waitingCount);
  });
  gauge(
    'parley_data_dir_free_bytes',
    'Free bytes of the file system of the data directory.',
    async (g, s) => {
      const st = await fsp.statfs(s.dataDir).catch(() => null);
      if (st) g.set(st.bavail * st.bsize);
    },
  );
  gauge('parley_data_dir_size_bytes', 'Size of the file system of the data directory.', async (g, s) => {
    const st = await fsp.statfs(s.dataDir).catch(() => null);
    if (st) g.set(st.blocks * st.bsize);
  });
  gauge(
    'parley_moments_fanout_backlog',
    'Moments whose delivery to friends is not finished.',
    async (g, s) => {
      const n = await withTimeout(s.fanoutBacklog(), null).catch(() => null);
      if (n !== null) g.set(n);
    },
  );
  gauge(
    'parley_calls_active',
    'Calls ringing or connected, by kind (the whole database: every node reports the same).',
    async (g, s) => {
      const n = await withTimeout(s.activeCalls(), null).catch(() => null);
      if (!n) return;
      g.set({ kind: 'one_to_one' }, n.oneToOne);
      g.set({ kind: 'group' }, n.group);
    },
    ['kind'],
  );
  gauge('parley_sfu_rooms', "Group calls' SFU rooms open on this node.", (g, s) => g.set(s.sfu.roomCount));

  return { http, statement };
}
