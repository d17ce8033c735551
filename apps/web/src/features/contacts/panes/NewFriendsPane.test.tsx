import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMPTY_COUNTERS, FriendApplyStatus, type FriendApplication } from '@parley/protocol';
import i18n from '../../../lib/i18n';
import { mockApi, renderWithProviders } from '../../../test-utils';
import { NewFriendsPane } from './NewFriendsPane';

beforeAll(async () => {
  await i18n.loadNamespaces(['contacts', 'friends']);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const application = (n: number): FriendApplication => ({
  id: n,
  userID: `u${n}`,
  applyWtId: `u${n}`,
  nick: `申请人${n}`,
  avatar: '',
  status: FriendApplyStatus.pending,
  source: 1,
  wording: '',
  direction: 'in',
  isRead: 1,
  createTime: 1_700_000_000_000 - n,
  updateTime: 1_700_000_000_000 - n,
});

describe('新的朋友 pane', () => {
  it('shows 20 applications, then the rest after 查看更多, and no button once all are loaded', async () => {
    const all = Array.from({ length: 27 }, (_, i) => application(i + 1));
    const calls = mockApi({
      '/user/counters': () => ({ data: EMPTY_COUNTERS }),
      '/userFriends/applyList': (body) => {
        const { pageNum, pageSize } = body as { pageNum: number; pageSize: number };
        return { data: { rows: all.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: all.length } };
      },
    });
    renderWithProviders(<NewFriendsPane onBack={() => {}} />);

    await waitFor(() => expect(screen.getAllByTestId('apply-row')).toHaveLength(20));
    fireEvent.click(screen.getByTestId('apply-more'));
    await waitFor(() => expect(screen.getAllByTestId('apply-row')).toHaveLength(27));
    expect(screen.queryByTestId('apply-more')).toBeNull();
    expect(screen.getByText('申请人27')).toBeTruthy();
    const pages = calls.filter((c) => c.path === '/userFriends/applyList').map((c) => c.body);
    expect(pages).toEqual([
      { direction: 'in', pageNum: 1, pageSize: 20 },
      { direction: 'in', pageNum: 2, pageSize: 20 },
    ]);
  });

  it('shows a row once when a new application shifts the pages between two loads', async () => {
    let all = Array.from({ length: 25 }, (_, i) => application(i + 1));
    mockApi({
      '/user/counters': () => ({ data: EMPTY_COUNTERS }),
      '/userFriends/applyList': (body) => {
        const { pageNum, pageSize } = body as { pageNum: number; pageSize: number };
        return { data: { rows: all.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: all.length } };
      },
    });
    renderWithProviders(<NewFriendsPane onBack={() => {}} />);
    await waitFor(() => expect(screen.getAllByTestId('apply-row')).toHaveLength(20));
    // Application 100 arrives: u20 moves from the end of page 1 to the start of page 2.
    all = [application(100), ...all];
    fireEvent.click(screen.getByTestId('apply-more'));
    await waitFor(() => expect(screen.getAllByTestId('apply-row')).toHaveLength(25));
    const shown = screen.getAllByTestId('apply-row').map((row) => row.getAttribute('data-wtid'));
    expect(new Set(shown).size).toBe(25);
    expect(shown.filter((id) => id === 'u20')).toEqual(['u20']);
  });

  it('offers no 查看更多 when one page holds everything', async () => {
    mockApi({
      '/user/counters': () => ({ data: EMPTY_COUNTERS }),
      '/userFriends/applyList': () => ({ data: { rows: [application(1)], total: 1 } }),
    });
    renderWithProviders(<NewFriendsPane onBack={() => {}} />);
    await waitFor(() => expect(screen.getAllByTestId('apply-row')).toHaveLength(1));
    expect(screen.queryByTestId('apply-more')).toBeNull();
  });

  it('an application without a reason reads by direction: received 请求添加你为朋友, sent 请求添加对方为朋友', async () => {
    mockApi({
      '/user/counters': () => ({ data: EMPTY_COUNTERS }),
      '/userFriends/applyList': (body) => {
        const { direction } = body as { direction: 'in' | 'out' };
        return { data: { rows: [{ ...application(1), direction }], total: 1 } };
      },
    });
    renderWithProviders(<NewFriendsPane onBack={() => {}} />);
    await waitFor(() => expect(screen.getByTestId('apply-row-reason').textContent).toBe('请求添加你为朋友'));
    fireEvent.click(screen.getByTestId('apply-tab-out'));
    await waitFor(() =>
      expect(screen.getByTestId('apply-row-reason').textContent).toBe('请求添加对方为朋友'),
    );
    expect(screen.getByTestId('apply-status').textContent).toBe('等待验证');
  });

  it('the list is one Tab stop and arrow keys move between applications', async () => {
    mockApi({
      '/user/counters': () => ({ data: EMPTY_COUNTERS }),
      '/userFriends/applyList': () => ({
        data: { rows: [application(1), application(2), application(3)], total: 3 },
      }),
    });
    renderWithProviders(<NewFriendsPane onBack={() => {}} />);
    await waitFor(() => expect(screen.getAllByTestId('apply-row')).toHaveLength(3));
    const rows = screen.getAllByTestId('apply-row');
    expect(rows.map((r) => r.tabIndex)).toEqual([0, -1, -1]);
    rows[0]!.focus();
    fireEvent.keyDown(rows[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows[1]);
    expect(rows.map((r) => r.tabIndex)).toEqual([-1, 0, -1]);
    fireEvent.keyDown(rows[1]!, { key: 'End' });
    expect(document.activeElement).toBe(rows[2]);
    fireEvent.keyDown(rows[2]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(rows[1]);
  });
});
