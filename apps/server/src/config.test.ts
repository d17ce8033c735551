import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { DEV_WEB_ORIGIN, loadConfig, PRODUCTION_PASSWORD_COST } from './config.js';

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

describe('CORS_ORIGINS', () => {
  it('allows the Vite dev server by default in development and tests, and no other origin in production', () => {
    expect(loadConfig({}).corsOrigins).toEqual([DEV_WEB_ORIGIN]);
    expect(loadConfig({ NODE_ENV: 'test' }).corsOrigins).toEqual(['http://localhost:5173']);
    expect(loadConfig({ NODE_ENV: 'production' }).corsOrigins).toEqual([]);
  });

  it('is the configured list in every mode (empty allows no other origin)', () => {
    const env = { CORS_ORIGINS: 'https://a.example, https://b.example' };
    expect(loadConfig({ ...env, NODE_ENV: 'production' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(loadConfig({ CORS_ORIGINS: '' }).corsOrigins).toEqual([]);
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

describe('translation and voice-to-text providers', () => {
  it('are none by default', () => {
    const c = loadConfig({});
    expect([c.translate, c.asr]).toEqual([undefined, undefined]);
  });

  it('are configured by URL (without a trailing slash), with their keys, limits and retries', () => {
    const c = loadConfig({
      TRANSLATE_URL: 'http://lt:5000/',
      TRANSLATE_API_KEY: 'k1',
      ASR_URL: 'http://whisper:8080',
      ASR_API_KEY: 'k2',
      ASR_MODEL: 'base.en',
      PROVIDER_RETRIES: '1',
    });
    expect(c.translate).toEqual({
      url: 'http://lt:5000',
      apiKey: 'k1',
      timeoutMs: 10_000,
      retries: 1,
      maxChars: 5000,
    });
    expect(c.asr).toEqual({
      kind: 'openai',
      url: 'http://whisper:8080',
      apiKey: 'k2',
      model: 'base.en',
      timeoutMs: 60_000,
      retries: 1,
      maxBytes: 10 * 1024 * 1024,
    });
  });

  it('ASR=pocketsphinx selects the offline engine; another ASR value is refused at start', () => {
    expect(loadConfig({ ASR: 'pocketsphinx', ASR_URL: 'http://whisper:8080' }).asr?.kind).toBe(
      'pocketsphinx',
    );
    expect(loadConfig({ ASR_URL: 'http://whisper:8080' }).asr).toMatchObject({
      kind: 'openai',
      model: 'whisper-1',
    });
    expect(() => loadConfig({ ASR: 'vosk' })).toThrow('Invalid ASR: vosk');
  });
});

describe('MAP_TILE_URL', () => {
  it('gives the tile origin the page may load images from; unset, none', () => {
    expect(loadConfig({ MAP_TILE_URL: 'https://tiles.example:8443/{z}/{x}/{y}.png' }).mapTileOrigin).toBe(
      'https://tiles.example:8443',
    );
    expect(loadConfig({ VITE_MAP_TILE_URL: 'http://127.0.0.1:9000/{z}/{x}/{y}.png' }).mapTileOrigin).toBe(
      'http://127.0.0.1:9000',
    );
    expect(loadConfig({}).mapTileOrigin).toBeUndefined();
    expect(() => loadConfig({ MAP_TILE_URL: 'tiles/{z}/{x}/{y}.png' })).toThrow('MAP_TILE_URL is not a URL');
  });
});
