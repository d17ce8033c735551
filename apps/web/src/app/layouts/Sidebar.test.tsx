import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { act } from 'react';
import { EMPTY_COUNTERS, type Counters } from '@parley/protocol';
import { queryClient } from '../../lib/query';
import { applyCountersPatch, countersKey } from '../../lib/useCounters';
import { Sidebar } from './Sidebar';

describe('sidebar badges', () => {
  it('shows unread, contacts = group notices + friend applications, moments; capped at 99; follows pushes', async () => {
    const counters: Counters = {
      ...EMPTY_COUNTERS,
      unread: 150,
      friendApplyUnread: 3,
      joinApplyUnRead: 2,
      otherUnRead: 1,
      selfApplyUnRead: 1,
      moments: 99,
    };
    queryClient.setQueryData(countersKey, counters);
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/messages']}>
          <Sidebar onOpenProfile={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const badgeOf = (nav: string) =>
      screen.getByTestId(`nav-${nav}`).querySelector('[data-testid="badge"]')?.textContent ?? '';
    expect(badgeOf('messages')).toBe('99+');
    expect(badgeOf('contacts')).toBe('7');
    expect(badgeOf('moments')).toBe('99');
    expect(badgeOf('favorites')).toBe('');
    act(() => applyCountersPatch({ moments: 100, unread: 0 }));
    await waitFor(() => expect(badgeOf('moments')).toBe('99+'));
    expect(badgeOf('messages')).toBe('');
  });
});
