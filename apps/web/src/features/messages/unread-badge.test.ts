import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_COUNTERS, type Counters, type Message } from '@parley/protocol';
import { queryClient } from '../../lib/query';
import { COUNTERS_REFRESH_MS, countersKey } from '../../lib/useCounters';
import { conversationFixture as conv } from './test-fixtures';
import { countNewMessage } from './unread-badge';

const msg = (over: Partial<Message> = {}) =>
  ({
    ID: 'm',
    conversationID: 'C2Cpeer',
    flow: 'in',
    type: 'text',
    sequence: 5,
    isRevoked: false,
    payload: { text: 'hi' },
    ...over,
  }) as Message;

const unread = () => queryClient.getQueryData<Counters>(countersKey)?.unread;
const invalidated = () => queryClient.getQueryState(countersKey)?.isInvalidated ?? false;

describe('the unread total on a new message (no server push per message)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    queryClient.clear();
    queryClient.setQueryData<Counters>(countersKey, { ...EMPTY_COUNTERS, unread: 3 });
  });
  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it('counts a newer incoming message of a held conversation, one-to-one or group', () => {
    countNewMessage(msg(), conv('peer', { lastSequence: 4 }), false);
    expect(unread()).toBe(4);
    const group = conv('g', { conversationID: 'GROUP7', type: 'GROUP', lastSequence: 9 });
    countNewMessage(msg({ conversationID: 'GROUP7', sequence: 10 }), group, false);
    expect(unread()).toBe(5);
  });

  it('leaves out own, older, on-screen, notice and revoked messages, and muted or archived conversations', () => {
    const held = conv('peer', { lastSequence: 4 });
    countNewMessage(msg({ flow: 'out' }), held, false);
    countNewMessage(msg({ sequence: 4 }), held, false);
    countNewMessage(msg(), held, true);
    const notice = { data: JSON.stringify({ businessID: 'CustomMsg_Type_addFriend' }) };
    countNewMessage(msg({ type: 'custom', payload: notice }), held, false);
    countNewMessage(msg({ isRevoked: true }), held, false);
    countNewMessage(msg(), conv('peer', { lastSequence: 4, isMuted: true }), false);
    countNewMessage(msg(), conv('peer', { lastSequence: 4, markList: [4] }), false);
    expect(unread()).toBe(3);
    expect(invalidated()).toBe(false);
  });

  it('counts a name card or a call card like any message (the server counts them too)', () => {
    const card = { data: JSON.stringify({ businessID: 'nameCard', userId: 'x' }) };
    countNewMessage(msg({ type: 'custom', payload: card }), conv('peer', { lastSequence: 4 }), false);
    expect(unread()).toBe(4);
  });

  it('a conversation marked unread counts 1 already: its first new message adds nothing, the next ones do', () => {
    countNewMessage(msg(), conv('peer', { lastSequence: 4, markList: [2], unreadCount: 0 }), false);
    expect(unread()).toBe(3);
    countNewMessage(
      msg({ sequence: 6 }),
      conv('peer', { lastSequence: 5, markList: [2], unreadCount: 1 }),
      false,
    );
    expect(unread()).toBe(4);
  });

  it('fetches the total again for a conversation the list does not hold, once per burst', () => {
    const fetches = vi.spyOn(queryClient, 'invalidateQueries');
    countNewMessage(msg(), undefined, false);
    countNewMessage(msg({ sequence: 6 }), undefined, false);
    expect(unread()).toBe(3);
    expect(fetches).not.toHaveBeenCalled();
    vi.advanceTimersByTime(COUNTERS_REFRESH_MS);
    expect(fetches).toHaveBeenCalledTimes(1);
    expect(invalidated()).toBe(true);
  });
});
