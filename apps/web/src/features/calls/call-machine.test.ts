import { describe, expect, it } from 'vitest';
import { next, type EngineEvent } from './call-machine';
import { fineState } from './store';

// Every (phase, event) pair: where it leads, or null (ignored). A changed move changes a cell.
describe('the web call engine table', () => {
  const rows: [string, EngineEvent, string | null][] = [
    ['idle', 'dial', 'calling/caller'],
    ['idle', 'ring', 'calling/callee'],
    ['idle', 'join', 'connected/callee'],
    ['idle', 'connect', null],
    ['idle', 'end', 'idle'],
    ['calling', 'dial', null],
    ['calling', 'ring', null],
    ['calling', 'join', null],
    ['calling', 'connect', 'connected'],
    ['calling', 'end', 'idle'],
    ['connected', 'dial', null],
    ['connected', 'ring', null],
    ['connected', 'join', null],
    ['connected', 'connect', null],
    ['connected', 'end', 'idle'],
  ];
  it.each(rows)('%s + %s → %s', (phase, event, expected) => {
    const to = next(phase as 'idle', event);
    expect(to === null ? null : [to.phase, to.role].filter(Boolean).join('/')).toBe(expected);
  });
});

describe('fineState', () => {
  const group = '1234567';
  const c2c = null;
  const rows: [string, string, 0 | 1 | 2, string | null, string][] = [
    ['idle', 'unknown', 0, null, 'idle'],
    ['calling', 'callee', 2, c2c, 'be-invited'],
    ['calling', 'callee', 2, group, 'be-invited'],
    ['calling', 'caller', 1, c2c, 'dialing-c2c'],
    ['calling', 'caller', 2, group, 'dialing-group'],
    ['connected', 'caller', 1, c2c, 'calling-c2c-audio'],
    ['connected', 'callee', 2, c2c, 'calling-c2c-video'],
    ['connected', 'callee', 1, group, 'calling-group-audio'],
    ['connected', 'caller', 2, group, 'calling-group-video'],
  ];
  it.each(rows)('%s %s type %s → %s', (phase, role, mediaType, groupID, expected) => {
    expect(fineState({ phase, role, mediaType, groupID } as never)).toBe(expected);
  });
});
