import { describe, expect, it } from 'vitest';
import { next, type EngineEvent } from './call-machine';

// Every (phase, event) pair: where it leads, or null (ignored). A changed move changes a cell.
describe('the web call engine table', () => {
  const rows: [string, EngineEvent, string | null][] = [
    ['idle', 'dial', 'calling/caller'],
    ['idle', 'ring', 'calling/callee'],
    ['idle', 'connect', null],
    ['idle', 'end', 'idle'],
    ['calling', 'dial', null],
    ['calling', 'ring', null],
    ['calling', 'connect', 'connected'],
    ['calling', 'end', 'idle'],
    ['connected', 'dial', null],
    ['connected', 'ring', null],
    ['connected', 'connect', null],
    ['connected', 'end', 'idle'],
  ];
  it.each(rows)('%s + %s → %s', (phase, event, expected) => {
    const to = next(phase as 'idle', event);
    expect(to === null ? null : [to.phase, to.role].filter(Boolean).join('/')).toBe(expected);
  });
});
