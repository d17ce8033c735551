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
