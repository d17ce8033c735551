import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EMPTY_COUNTERS, type Counters } from '@parley/protocol';
import { call } from './api';
import { queryClient } from './query';
import { useSocketEvent } from './realtime';

export const countersKey = ['counters'] as const;

/** Merges a (partial) push into the cached counters. */
export function applyCountersPatch(patch: Partial<Counters>): void {
  queryClient.setQueryData<Counters>(countersKey, (old) => ({
    ...EMPTY_COUNTERS,
    ...old,
    ...pickNumbers(patch),
  }));
}

function pickNumbers(patch: Partial<Counters>): Partial<Counters> {
  const out: Partial<Counters> = {};
  for (const k of Object.keys(EMPTY_COUNTERS) as (keyof Counters)[]) {
    const v = patch[k];
    if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
  }
  return out;
}

/** Sidebar numbers: GET /api/user/counters, kept fresh by `counters.updated` pushes. */
export function useCounters(): Counters {
  const { data } = useQuery({ queryKey: countersKey, queryFn: () => call('users', 'counters') });
  useSocketEvent('counters.updated', (patch) => applyCountersPatch(patch as Partial<Counters>));
  // Socket type 2 sets the moments count.
  useSocketEvent('2', (d) => applyCountersPatch({ moments: d.count }));
  return data ?? EMPTY_COUNTERS;
}

/** Badge values of the five nav items. */
export function navBadges(c: Counters): { messages: number; contacts: number; moments: number } {
  return {
    messages: c.unread,
    contacts: c.joinApplyUnRead + c.otherUnRead + c.selfApplyUnRead + c.friendApplyUnread,
    moments: c.moments,
  };
}

/** Screens mounted that count new messages into the unread total themselves (the messages screen). */
let countingScreens = 0;

/** Whether a screen that handles new messages itself (the messages screen) is mounted. */
export const countingScreenMounted = (): boolean => countingScreens > 0;

/** Marks the calling screen as one that counts new messages (features/messages/unread-badge.ts). */
export function useCountsNewMessages(): void {
  useEffect(() => {
    countingScreens += 1;
    return () => {
      countingScreens -= 1;
    };
  }, []);
}

/** How long a burst of refresh requests is gathered into one GET /api/user/counters. */
export const COUNTERS_REFRESH_MS = 500;
let refreshTimer: ReturnType<typeof setTimeout> | null = null;

/** Fetches the counters again soon; requests until then share the one request. */
export function refreshCountersSoon(): void {
  if (refreshTimer) return;
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    void queryClient.invalidateQueries({ queryKey: countersKey });
  }, COUNTERS_REFRESH_MS);
}

/**
 * The server pushes no counters per new message: the messages screen counts them. On any other
 * screen (contacts, moments...) a message from someone else fetches the total again instead.
 */
export function useUnreadWhileAway(me: string): void {
  useSocketEvent('message.new', (m) => {
    if (countingScreens === 0 && m.from !== me) refreshCountersSoon();
  });
}
