import pg from 'pg';
import { Redis } from 'ioredis';
import { beforeAll, describe, it } from 'vitest';

/** The external services a suite can need, by the variable that points at them. */
export type Service = 'DATABASE_URL' | 'REDIS_URL';

const NAME: Record<Service, string> = { DATABASE_URL: 'PostgreSQL', REDIS_URL: 'Redis' };
const EXAMPLE: Record<Service, string> = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

/**
 * Whether a suite that needs `needs` runs here. Outside CI a suite whose variable is not set is
 * skipped; in CI (CI set) it must fail instead. `PARLEY_TEST_PASS=sqlite` marks the SQLite pass of
 * scripts/test-all.mjs, where DATABASE_URL is blanked on purpose: suites that need PostgreSQL run in
 * the PostgreSQL pass instead, so there they are skipped even in CI.
 */
export function servicesFor(needs: readonly Service[]): {
  run: boolean;
  missing: Service[];
  mustFail: boolean;
} {
  const missing = needs.filter((k) => !process.env[k]);
  const sqlitePass = process.env.PARLEY_TEST_PASS === 'sqlite' && missing.includes('DATABASE_URL');
  const mustFail = missing.length > 0 && Boolean(process.env.CI) && !sqlitePass;
  return { run: missing.length === 0, missing, mustFail };
}

/** Host and port of a service URL, without its credentials. */
function where(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return 'an unparsable URL';
  }
}

/** Connects to each service once and fails with a message naming the variable if one does not answer. */
export async function probeServices(needs: readonly Service[], timeoutMs = 5000): Promise<void> {
  for (const key of needs) {
    const url = process.env[key] ?? '';
    try {
      if (key === 'REDIS_URL') {
        const redis = new Redis(url, {
          lazyConnect: true,
          connectTimeout: timeoutMs,
          maxRetriesPerRequest: 0,
          retryStrategy: () => null,
        });
        let cause: unknown;
        redis.on('error', (err) => (cause ??= err));
        try {
          await redis.connect();
          await redis.ping();
        } catch (err) {
          throw cause ?? err;
        } finally {
          redis.disconnect();
        }
      } else {
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
        try {
          await client.connect();
          await client.query('select 1');
        } finally {
          await client.end().catch(() => undefined);
        }
      }
    } catch (err) {
      throw new Error(`${key} is set but ${NAME[key]} does not answer at ${where(url)}: ${String(err)}`);
    }
  }
}

/**
 * `describe` for a suite that needs PostgreSQL and/or Redis. With every variable set, the suite
 * first checks that each service answers (a set but unreachable service fails the suite, never
 * skips it). With one missing it is skipped, except in CI, where it is one failing test naming the
 * missing variables (see `servicesFor` for the SQLite pass).
 */
export function describeWithServices(needs: readonly Service[], name: string, body: () => void): void {
  const services = servicesFor(needs);
  if (services.mustFail) {
    describe(`${name} (required in CI)`, () => {
      it(`needs ${needs.join(' and ')}`, () => {
        throw new Error(
          `CI requires ${services.missing.map((k) => `${k} (${NAME[k]}, e.g. ${EXAMPLE[k]})`).join(' and ')} for "${name}"`,
        );
      });
    });
    return;
  }
  if (!services.run) {
    describe.skip(name, body);
    return;
  }
  describe(name, () => {
    beforeAll(() => probeServices(needs), 30_000);
    body();
  });
}
