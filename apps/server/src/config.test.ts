import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig, PRODUCTION_PASSWORD_COST } from './config.js';

describe('SEND_THREAD', () => {
  it('is on where the machine has a second core, unless set', () => {
    expect(loadConfig({}).sendThread).toBe(os.availableParallelism() > 1);
  });

  it('0 and false keep sends on the main thread; anything else turns the thread on', () => {
    expect(loadConfig({ SEND_THREAD: '0' }).sendThread).toBe(false);
    expect(loadConfig({ SEND_THREAD: 'false' }).sendThread).toBe(false);
    expect(loadConfig({ SEND_THREAD: '1' }).sendThread).toBe(true);
  });
});

describe('DATABASE_NAMED_STATEMENTS', () => {
  it('is on unless set to 0 or false', () => {
    expect(loadConfig({}).databaseNamedStatements).toBe(true);
    expect(loadConfig({ DATABASE_NAMED_STATEMENTS: '0' }).databaseNamedStatements).toBe(false);
    expect(loadConfig({ DATABASE_NAMED_STATEMENTS: 'false' }).databaseNamedStatements).toBe(false);
    expect(loadConfig({ DATABASE_NAMED_STATEMENTS: '1' }).databaseNamedStatements).toBe(true);
  });
});

describe('password hashing cost', () => {
  it("defaults to OWASP's argon2id minimum (19 MiB, 2 passes) in production", () => {
    expect(loadConfig({ NODE_ENV: 'production' }).passwordCost).toEqual({
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(PRODUCTION_PASSWORD_COST).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('refuses a cost below the minimum outside NODE_ENV=test', () => {
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASH_MEMORY_KIB: '8' })).toThrow(
        /below the minimum cost.*NODE_ENV=test only/,
      );
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASH_TIME_COST: '1' })).toThrow(/below the minimum cost/);
    }
  });

  it('takes a higher cost anywhere, and a lower one only in a test process', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_MEMORY_KIB: '65536' }).passwordCost.memoryCost,
    ).toBe(65536);
    expect(
      loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_TIME_COST: '1' })
        .passwordCost,
    ).toEqual({ memoryCost: 8, timeCost: 1, parallelism: 1 });
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '4' })).toThrow(
      /below the minimum cost/,
    );
  });
});
