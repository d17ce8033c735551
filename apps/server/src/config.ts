import os from 'node:os';
import path from 'node:path';
import { loadLimits, type Limits } from './config-limits.js';
import { loadMetricsConfig, type MetricsConfig } from './config-metrics.js';

/** argon2id cost of password hashes: memory in KiB, passes, lanes. */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's minimum recommended argon2id cost: the default, and the floor outside NODE_ENV=test. */
export const PRODUCTION_PASSWORD_COST: Readonly<PasswordCost> = Object.freeze({
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
});

/** Typed configuration. The only module that reads process.env. */
export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  /**
   * Pending connections the kernel queues before Parley accepts them (listen backlog; the kernel
   * caps it at net.core.somaxconn). A node restarting under 10,000 tabs gets their reconnects at
   * once: with Node's default of 511 the kernel dropped the overflow's SYNs, and those clients came
   * back only after TCP's 1, 3, 7, 15 s… retransmissions (docs/performance.md "Reconnect storm").
   */
  listenBacklog: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema to use (tests isolate themselves with it). */
  databaseSchema: string | undefined;
  /**
   * PostgreSQL: the hot statements run as named (server-side prepared) statements (db/pg-named.ts).
   * Off for a pooler in transaction mode that does not carry them between server connections.
   */
  databaseNamedStatements: boolean;
  /**
   * PostgreSQL waits (DB_CONNECT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS): the longest a request waits for a
   * pooled connection (a new one's connect included), and for the answer to one statement; past it
   * the connection is dropped and the request fails (docs/operations.md "PostgreSQL lost").
   */
  databaseTimeouts: { connectMs: number; queryMs: number };
  redisUrl: string | undefined;
  /** Channel prefix on Redis, so several deployments can share one Redis. */
  redisPrefix: string;
  tokenTtlSeconds: number;
  /**
   * Cost of new password hashes (PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_TIME_COST). Only a test
   * process (NODE_ENV=test) may go below PRODUCTION_PASSWORD_COST: the suites register thousands of
   * accounts. Verification reads the cost from each stored hash, so either kind keeps working.
   */
  passwordCost: PasswordCost;
  /** Lifetime of a login QR code. */
  qrTtlSeconds: number;
  uploadMaxBytes: number;
  /** SHA-256 (hex) of files refused as banned content (UPLOAD_BANNED_SHA256, comma-separated): 4005. */
  uploadBannedSha256: string[];
  /** S3-compatible file storage (S3_BUCKET set): endpoint, bucket, region and keys; unset = local disk. */
  s3:
    | { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string }
    | undefined;
  /**
   * Origins of pages elsewhere allowed to call the API and open sockets (CORS_ORIGINS,
   * comma-separated). Unset: the Vite dev server's in development and tests, none in production.
   */
  corsOrigins: string[];
  webDistDir: string | undefined;
  /**
   * The origin of the map tiles the web client was built with (MAP_TILE_URL, or VITE_MAP_TILE_URL
   * when the same environment builds and runs): the page may load images from it.
   */
  mapTileOrigin: string | undefined;
  logLevel: string;
  heartbeatMs: number;
  trustProxy: boolean;
  /** Rate limits: per IP per minute, and failed logins per account per 15 minutes. */
  authIpPerMinute: number;
  loginFailuresPerAccount: number;
  shutdownGraceMs: number;
  /** After SIGTERM, how long /readyz answers 503 before the node stops taking work (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs: number;
  nodeId: string;
  /** Words a message may not contain (SENSITIVE_WORDS, comma-separated): 80001. */
  sensitiveWords: string[];
  /** Messages one user may send per minute (MESSAGE_SEND_PER_MINUTE): over it, 429. */
  messageSendPerMinute: number;
  /** SQLite: one-to-one sends are checked and committed on their own thread (default: with two or more cores). */
  sendThread: boolean;
  /**
   * The send thread's compiled entry (SEND_THREAD_ENTRY, a `send-thread.js` that scripts/build.mjs
   * wrote). Unset: the one beside the running code; from source, thread.ts compiled by tsx at each
   * start, which the test suites avoid by pointing here at the run's bundle.
   */
  sendThreadEntry: string | undefined;
  /**
   * Sync log rows kept per user (the latest changes); older ones are pruned every `syncLogPruneMs`.
   * A client whose version is older than that gets `reset` from /message/sync and reloads.
   */
  syncLogKeep: number;
  /** How often new messages are added to SQLite's search index, in ms (SEARCH_INDEX_EVERY_MS; 0: by searches only). */
  searchIndexEveryMs: number;
  /** Friends a new moment is delivered to per transaction of its fan-out (MOMENT_FANOUT_CHUNK). */
  momentFanoutChunk: number;
  syncLogPruneMs: number;
  /** Calls: unanswered invitations end after this (CALL_INVITE_TIMEOUT_MS). */
  callInviteTimeoutMs: number;
  /** Every new account gets the official helper's welcome in its helper conversation (HELPER_WELCOME). */
  helperWelcome: boolean;
  /** Calls: a party silent this long (no call.ping: socket dropped) ends the call (CALL_RECONNECT_GRACE_MS). */
  callReconnectGraceMs: number;
  /** Calls: how often each node sweeps expired invitations and dropped calls (0: never, tests sweep by hand). */
  callSweepMs: number;
  /** Seconds of connected outgoing calls a non-member may have per UTC day (CALL_DAILY_LIMIT_SECONDS; 0: no limit). */
  callDailyLimitSeconds: number;
  /** ICE: STUN_URLS and TURN_URLS (comma-separated), TURN_SECRET (coturn use-auth-secret), TURN_TTL_SECONDS. */
  stunUrls: string[];
  turnUrls: string[];
  turnSecret: string | undefined;
  turnTtlSeconds: number;
  /** ICE_TRANSPORT_POLICY=relay makes clients use TURN only. */
  iceTransportPolicy: 'all' | 'relay';
  /** Group-call media: SFU=werift (embedded, default) or SFU=janus with JANUS_URL (docs/operations.md). */
  sfu: SfuConfig;
  /** Translation provider (TRANSLATE_URL, a LibreTranslate-compatible API); unset: none (25001). */
  translate: TranslateConfig | undefined;
  /** Voice-to-text provider (ASR_URL, an OpenAI-compatible API, or ASR=pocketsphinx); unset: none. */
  asr: AsrConfig | undefined;
  /** Translations and transcriptions one user may ask for per minute (TRANSLATE_PER_MINUTE): over it, 429. */
  translatePerMinute: number;
  /** How often each node ends lapsed memberships (MEMBER_SWEEP_MS; 0: never, tests sweep by hand). */
  memberSweepMs: number;
  /** Wrong membership codes one user may try per 15 minutes (MEMBER_REDEEM_FAILURES): then 25012. */
  memberRedeemFailures: number;
  /** Per-user abuse limits (config-limits.ts). */
  limits: Limits;
  /** Prometheus metrics: their own listener and/or a token on the public port (config-metrics.ts). */
  metrics: MetricsConfig;
}

/** What every provider call shares: a time limit per attempt, and retries (with backoff) after a failure. */
export interface ProviderLimits {
  timeoutMs: number;
  retries: number;
}

export interface TranslateConfig extends ProviderLimits {
  url: string;
  apiKey: string | undefined;
  /** Longest text sent to the provider (TRANSLATE_MAX_CHARS): longer ones are refused (25003). */
  maxChars: number;
}

export type AsrConfig = ProviderLimits & {
  /** Largest recording transcribed (ASR_MAX_BYTES): larger ones are refused (25004). */
  maxBytes: number;
} & ({ kind: 'openai'; url: string; apiKey: string | undefined; model: string } | { kind: 'pocketsphinx' });

type Env = Record<string, string | undefined>;

function int(env: Env, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`Invalid number in ${key}: ${raw}`);
  return Math.floor(n);
}

/** The Vite dev server's origin (apps/web `npm run dev`), allowed by default outside production. */
export const DEV_WEB_ORIGIN = 'http://localhost:5173';

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function passwordCost(env: Env, nodeEnv: Config['env']): PasswordCost {
  const cost = {
    memoryCost: int(env, 'PASSWORD_HASH_MEMORY_KIB', PRODUCTION_PASSWORD_COST.memoryCost),
    timeCost: int(env, 'PASSWORD_HASH_TIME_COST', PRODUCTION_PASSWORD_COST.timeCost),
    parallelism: PRODUCTION_PASSWORD_COST.parallelism,
  };
  const floor = nodeEnv === 'test' ? { memoryCost: 8, timeCost: 1 } : PRODUCTION_PASSWORD_COST;
  if (cost.memoryCost < floor.memoryCost || cost.timeCost < floor.timeCost) {
    throw new Error(
      `Password hashing below the minimum cost (${floor.memoryCost} KiB, ${floor.timeCost} passes)` +
        (nodeEnv === 'test' ? '' : ': lower costs are for NODE_ENV=test only'),
    );
  }
  return cost;
}

/**
 * The SFU of group calls. werift: SFU_PORT_RANGE (`40000-40999`, the UDP ports media uses; unset:
 * any) and SFU_HOST_ADDRESSES (addresses to offer besides the interfaces', e.g. the public one behind
 * NAT). janus: JANUS_URL, Janus's HTTP transport (`http://127.0.0.1:8088/janus`).
 */
export type SfuConfig =
  | { kind: 'werift'; portRange: [number, number] | undefined; hostAddresses: string[] }
  | { kind: 'janus'; url: string };

function sfuConfig(env: Env): SfuConfig {
  const kind = env.SFU || 'werift';
  if (kind === 'janus') {
    const url = env.JANUS_URL?.trim().replace(/\/+$/, '');
    if (!url)
      throw new Error('SFU=janus needs JANUS_URL (Janus HTTP transport, e.g. http://127.0.0.1:8088/janus)');
    return { kind, url };
  }
  if (kind !== 'werift') throw new Error(`Invalid SFU: ${kind} (werift or janus)`);
  let portRange: [number, number] | undefined;
  if (env.SFU_PORT_RANGE) {
    const m = /^(\d+)-(\d+)$/.exec(env.SFU_PORT_RANGE.trim());
    if (!m || Number(m[1]) >= Number(m[2]))
      throw new Error(`Invalid SFU_PORT_RANGE: ${env.SFU_PORT_RANGE} (e.g. 40000-40999)`);
    portRange = [Number(m[1]), Number(m[2])];
  }
  return { kind, portRange, hostAddresses: list(env.SFU_HOST_ADDRESSES) };
}

/** The translation and voice-to-text providers (docs/operations.md "Translation and voice to text"). */
function providers(env: Env): Pick<Config, 'translate' | 'asr'> {
  const retries = int(env, 'PROVIDER_RETRIES', 2);
  const url = (raw: string | undefined) => raw?.trim().replace(/\/+$/, '') || undefined;
  const translateUrl = url(env.TRANSLATE_URL);
  const asrUrl = url(env.ASR_URL);
  const asrLimits = {
    timeoutMs: int(env, 'ASR_TIMEOUT_MS', 60_000),
    retries,
    maxBytes: int(env, 'ASR_MAX_BYTES', 10 * 1024 * 1024),
  };
  if (env.ASR && env.ASR !== 'pocketsphinx' && env.ASR !== 'openai')
    throw new Error(`Invalid ASR: ${env.ASR} (pocketsphinx, or openai with ASR_URL)`);
  return {
    translate: translateUrl
      ? {
          url: translateUrl,
          apiKey: env.TRANSLATE_API_KEY || undefined,
          timeoutMs: int(env, 'TRANSLATE_TIMEOUT_MS', 10_000),
          retries,
          maxChars: int(env, 'TRANSLATE_MAX_CHARS', 5000),
        }
      : undefined,
    asr:
      env.ASR === 'pocketsphinx'
        ? { kind: 'pocketsphinx', ...asrLimits }
        : asrUrl
          ? {
              kind: 'openai',
              url: asrUrl,
              apiKey: env.ASR_API_KEY || undefined,
              model: env.ASR_MODEL || 'whisper-1',
              ...asrLimits,
            }
          : undefined,
  };
}

/** `https://host:port` of a URL template such as `https://tiles.example/{z}/{x}/{y}.png`. */
function originOf(template: string | undefined): string | undefined {
  if (!template) return undefined;
  try {
    return new URL(template.replace(/[{}]/g, '')).origin;
  } catch {
    throw new Error(`MAP_TILE_URL is not a URL: ${template}`);
  }
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  // Relative paths are taken from where the command was typed (npm sets INIT_CWD for workspace
  // scripts, which otherwise run inside apps/server), so `npm start` at the root uses ./data there.
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, env.PARLEY_DATA_DIR ?? env.DATA_DIR ?? './data');
  const webDist = env.PARLEY_WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist');
  const config: Config = {
    env: nodeEnv,
    host: env.HOST ?? '0.0.0.0',
    port: int(env, 'PORT', 3000),
    listenBacklog: int(env, 'LISTEN_BACKLOG', 4096),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    databaseNamedStatements:
      env.DATABASE_NAMED_STATEMENTS !== '0' && env.DATABASE_NAMED_STATEMENTS !== 'false',
    databaseTimeouts: {
      connectMs: int(env, 'DB_CONNECT_TIMEOUT_MS', 5000),
      queryMs: int(env, 'DB_QUERY_TIMEOUT_MS', 10_000),
    },
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'parley',
    tokenTtlSeconds: int(env, 'TOKEN_TTL_SECONDS', 7 * 24 * 3600),
    passwordCost: passwordCost(env, nodeEnv),
    qrTtlSeconds: int(env, 'QR_TTL_SECONDS', 120),
    uploadMaxBytes: int(env, 'UPLOAD_MAX_BYTES', 100 * 1024 * 1024),
    uploadBannedSha256: (env.UPLOAD_BANNED_SHA256 ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT ?? 'https://s3.amazonaws.com',
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
        }
      : undefined,
    corsOrigins: list(env.CORS_ORIGINS ?? (nodeEnv === 'production' ? '' : DEV_WEB_ORIGIN)),
    webDistDir: webDist,
    mapTileOrigin: originOf(env.MAP_TILE_URL ?? env.VITE_MAP_TILE_URL),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    heartbeatMs: int(env, 'WS_HEARTBEAT_MS', 30_000),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    authIpPerMinute: int(env, 'AUTH_IP_PER_MINUTE', 60),
    loginFailuresPerAccount: int(env, 'LOGIN_FAILURES_PER_ACCOUNT', 10),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 10_000),
    shutdownDrainMs: int(env, 'SHUTDOWN_DRAIN_MS', 0),
    nodeId: env.NODE_ID ?? `node-${process.pid}`,
    sensitiveWords: (env.SENSITIVE_WORDS ?? '法轮功,六合彩,代开发票')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    messageSendPerMinute: int(env, 'MESSAGE_SEND_PER_MINUTE', 600),
    // On one core the thread only adds its hand-over (docs/decisions/002-sqlite-send-thread.md).
    sendThread: env.SEND_THREAD
      ? env.SEND_THREAD !== '0' && env.SEND_THREAD !== 'false'
      : os.availableParallelism() > 1,
    sendThreadEntry: env.SEND_THREAD_ENTRY ? path.resolve(baseDir, env.SEND_THREAD_ENTRY) : undefined,
    syncLogKeep: int(env, 'SYNC_LOG_KEEP', 10_000),
    searchIndexEveryMs: int(env, 'SEARCH_INDEX_EVERY_MS', 100),
    momentFanoutChunk: Math.max(1, int(env, 'MOMENT_FANOUT_CHUNK', 100)),
    syncLogPruneMs: int(env, 'SYNC_LOG_PRUNE_MS', 3_600_000),
    callInviteTimeoutMs: int(env, 'CALL_INVITE_TIMEOUT_MS', 30_000),
    // Off by default under NODE_ENV=test only (decision record 022): suites opt in.
    helperWelcome: env.HELPER_WELCOME
      ? env.HELPER_WELCOME !== '0' && env.HELPER_WELCOME !== 'false'
      : nodeEnv !== 'test',
    callReconnectGraceMs: int(env, 'CALL_RECONNECT_GRACE_MS', 20_000),
    callSweepMs: int(env, 'CALL_SWEEP_MS', 1000),
    callDailyLimitSeconds: int(env, 'CALL_DAILY_LIMIT_SECONDS', 1800),
    stunUrls: list(env.STUN_URLS),
    turnUrls: list(env.TURN_URLS),
    turnSecret: env.TURN_SECRET || undefined,
    turnTtlSeconds: int(env, 'TURN_TTL_SECONDS', 3600),
    iceTransportPolicy: env.ICE_TRANSPORT_POLICY === 'relay' ? 'relay' : 'all',
    sfu: sfuConfig(env),
    ...providers(env),
    translatePerMinute: int(env, 'TRANSLATE_PER_MINUTE', 30),
    memberSweepMs: int(env, 'MEMBER_SWEEP_MS', 60_000),
    memberRedeemFailures: int(env, 'MEMBER_REDEEM_FAILURES', 5),
    limits: loadLimits(env),
    metrics: loadMetricsConfig(env),
  };
  return { ...config, ...overrides };
}
