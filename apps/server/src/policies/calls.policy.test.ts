import { describe, expect, it } from 'vitest';
import { callsPolicy, type CallFacts, type CallTargetFacts } from './calls.policy.js';
import { decide } from './policy.js';

// The calls rules as matrices. `call.start` guards both `call.invite` and `/media/call`: each row is
// one situation between the caller (user 1) and the target, each cell the one answer it gets. A
// changed rule changes a cell.
const ME = { userId: 1 };
const target = (patch: Partial<CallTargetFacts>): CallTargetFacts => ({
  peerId: 2,
  messageRefusal: null,
  isFriend: true,
  ...patch,
});

describe('call.start', () => {
  const rows: [string, Partial<CallTargetFacts>, true | string][] = [
    ['a friend', {}, true],
    ['no such user', { peerId: undefined, isFriend: false }, 'userNotFound'],
    ['oneself', { peerId: 1, isFriend: false }, 'callSelf'],
    // Oneself wins over anything else loaded about the target.
    ['oneself, somehow refused', { peerId: 1, messageRefusal: 'blacklisted' }, 'callSelf'],
    ['a friend who blacklisted me', { messageRefusal: 'blacklisted' }, 'blacklisted'],
    ['a friend I blacklisted', { messageRefusal: 'targetInMyBlacklist' }, 'targetInMyBlacklist'],
    ['a cancelled account', { messageRefusal: 'accountCancelled', isFriend: false }, 'accountCancelled'],
    ['a stranger', { isFriend: false }, 'callNotFriend'],
    ['a stranger who blacklisted me', { isFriend: false, messageRefusal: 'blacklisted' }, 'blacklisted'],
  ];
  it.each(rows)('%s → %s', (_name, patch, expected) => {
    expect(decide(callsPolicy, 'call.start', ME, target(patch))).toBe(expected);
  });
});

describe('call.act and call.signal', () => {
  const call = { callerId: 1, calleeId: 2, callerConn: 'c1', calleeConn: 'c2' };
  const facts = (userId: number, connectionId: string, c: CallFacts['call']) => ({
    actor: { userId },
    facts: { call: c, connectionId },
  });
  // [who, act, signal, facts]
  const rows: [string, true | string, true | string, ReturnType<typeof facts>][] = [
    ['the caller, holder tab', true, true, facts(1, 'c1', call)],
    ['the caller, another tab', true, 'forbidden', facts(1, 'c9', call)],
    ['the callee, holder tab', true, true, facts(2, 'c2', call)],
    ['the callee, another tab', true, 'forbidden', facts(2, 'c9', call)],
    ['the callee before accepting', true, 'forbidden', facts(2, 'c2', { ...call, calleeConn: null })],
    ['a stranger', 'callNotFound', 'callNotFound', facts(3, 'c1', call)],
    ['no such call', 'callNotFound', 'callNotFound', facts(1, 'c1', undefined)],
  ];
  it.each(rows)('%s → act %s, signal %s', (_name, act, signal, { actor, facts: f }) => {
    expect(decide(callsPolicy, 'call.act', actor, f)).toBe(act);
    expect(decide(callsPolicy, 'call.signal', actor, f)).toBe(signal);
  });
});
