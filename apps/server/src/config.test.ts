import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

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
