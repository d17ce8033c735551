import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { Counters } from '@parley/protocol';
import { Badge, badgeText } from './Badge';
import { Sidebar } from '../app/layouts/Sidebar';
import { EMPTY_COUNTERS } from '@parley/protocol';
import { countersKey, applyCountersPatch } from '../app/useCounters';
import { queryClient } from '../lib/query';
import { act } from 'react';

describe('badge', () => {
  it('caps at 99 and hides zero', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-3)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
  });
  it('renders 99+ and nothing for 0', () => {
    const { container, rerender } = render(<Badge count={0} />);
    expect(container.textContent).toBe('');
    rerender(<Badge count={250} />);
    expect(screen.getByTestId('badge').textContent).toBe('99+');
  });
});

describe('sidebar badges (SPEC §2)', () => {
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
