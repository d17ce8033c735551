import { describe, expect, it } from 'vitest';
import { callsPolicy, type CallFacts, type CallTargetFacts } from './calls.policy.js';
import { decide } from './policy.js';

// The call rules as matrices: each row a situation of the actor (user 1), each cell the decision
// (true, or the error the API answers). One rule, one error: calling oneself is `callSelf` for a
// call and for a call-time record alike.
const ME = { userId: 1 };

describe('calls policy: starting a call and recording its time', () => {
  const target = (patch: Partial<CallTargetFacts>): CallTargetFacts => ({
    peerId: 2,
    messageRefusal: null,
    isFriend: true,
    ...patch,
  });
  const rows: Array<[string, CallTargetFacts, true | string, true | string]> = [
    // situation, facts, call.start, call.record
    ['a friend', target({}), true, true],
    ['nobody by that ID', target({ peerId: undefined }), 'userNotFound', 'userNotFound'],
    ['oneself', target({ peerId: 1 }), 'callSelf', 'callSelf'],
    ['oneself, no friend of oneself', target({ peerId: 1, isFriend: false }), 'callSelf', 'callSelf'],
    ['blocked either way', target({ messageRefusal: 'blacklisted' }), 'blacklisted', true],
    ['a stranger', target({ isFriend: false }), 'callNotFriend', true],
  ];
  for (const [name, f, start, record] of rows) {
    it(name, () => {
      expect(decide(callsPolicy, 'call.start', ME, f)).toBe(start);
      expect(decide(callsPolicy, 'call.record', ME, { peerId: f.peerId })).toBe(record);
    });
  }
});

describe('calls policy: acting on a call and relaying its signals', () => {
  const call = { callerId: 1, calleeId: 2, callerConn: 'c1', calleeConn: 'c2' };
  const rows: Array<[string, CallFacts, true | string, true | string]> = [
    // situation, facts, call.act, call.signal
    ['caller, from the calling tab', { call, connectionId: 'c1' }, true, true],
    ['caller, from another tab', { call, connectionId: 'c9' }, true, 'forbidden'],
    [
      'callee, from the accepting tab',
      { call: { ...call, callerId: 2, calleeId: 1, calleeConn: 'c1' }, connectionId: 'c1' },
      true,
      true,
    ],
    [
      'callee before accepting (no tab holds it)',
      { call: { ...call, callerId: 2, calleeId: 1, calleeConn: null }, connectionId: 'c1' },
      true,
      'forbidden',
    ],
    [
      'not a party',
      { call: { ...call, callerId: 3, calleeId: 4 }, connectionId: 'c1' },
      'callNotFound',
      'callNotFound',
    ],
    ['no such call', { call: undefined, connectionId: 'c1' }, 'callNotFound', 'callNotFound'],
  ];
  for (const [name, f, act, signal] of rows) {
    it(name, () => {
      expect(decide(callsPolicy, 'call.act', ME, f)).toBe(act);
      expect(decide(callsPolicy, 'call.signal', ME, f)).toBe(signal);
    });
  }
});
