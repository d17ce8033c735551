import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { routes, type GroupCallRecord } from '@parley/protocol';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { resetErrorDedupe } from '../../../lib/http';
import { socket } from '../../../lib/realtime';
import { useSession } from '../../../lib/session';
import { mockApi, renderWithProviders } from '../../../test-utils';
import { initialCallState, useCallStore } from '../store';
import { JoinBanner } from './JoinBanner';

beforeAll(async () => {
  await i18n.loadNamespaces(['calls']);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetErrorDedupe();
  useCallStore.setState(initialCallState);
  useSession.setState({ user: null });
});

const INFO = routes.calls.groupCallInfo.path;

function record(groupID: string, n: number, callMediaType = 1): GroupCallRecord {
  return {
    groupID,
    callId: `call-${groupID}`,
    roomID: 4242,
    roomIdType: 1,
    callMediaType,
    userList: Array.from({ length: n }, (_, i) => ({
      wtId: `p${i + 1}`,
      nickName: `成员${i + 1}`,
      avatar: '',
    })),
  };
}

/** What the server has for each group; a test changes it and pushes `call.group`. */
function serve(calls: Record<string, GroupCallRecord | null>) {
  return mockApi({
    [INFO]: (body) => ({ data: { call: calls[(body as { groupID: string }).groupID] ?? null } }),
  });
}

/** A `call.group` frame as the socket delivers it. */
function push(groupID: string, call: GroupCallRecord | null) {
  const client = socket as unknown as { handleMessage(raw: string): void };
  act(() => client.handleMessage(JSON.stringify({ type: 'call.group', data: { groupID, call } })));
}

const count = () => screen.getByTestId('group-call-banner-count').textContent;

describe('JoinBanner', () => {
  it('shows who is on the group call, up to 5 faces in the bar, expands to everyone, and Join names the room', async () => {
    const requests = serve({ g1: record('g1', 7, 2) });
    const onJoin = vi.fn();
    renderWithProviders(<JoinBanner groupID="g1" onJoin={onJoin} />);
    expect(await screen.findByTestId('group-call-banner')).toBeTruthy();
    expect(requests.map((r) => [r.path, r.body])).toEqual([[INFO, { groupID: 'g1' }]]);
    expect(count()).toBe('7人正在通话中');
    const toggle = screen.getByTestId('group-call-banner-toggle');
    expect(toggle.querySelectorAll('.gc-banner__faces > *')).toHaveLength(5);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByTestId('group-call-banner-person')).toHaveLength(0);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByTestId('group-call-banner-person').map((p) => p.lastChild?.textContent)).toEqual(
      Array.from({ length: 7 }, (_, i) => `成员${i + 1}`),
    );
    fireEvent.click(screen.getByRole('button', { name: '加入' }));
    expect(onJoin).toHaveBeenCalledWith({ groupID: 'g1', roomID: '4242', callMediaType: 2 });
  });

  it('for a user already on the call elsewhere, says so instead of offering Join', async () => {
    useSession.setState({ user: { wtId: 'p2' } as ReturnType<typeof useSession.getState>['user'] });
    serve({ g1: record('g1', 3) });
    renderWithProviders(<JoinBanner groupID="g1" onJoin={() => {}} />);
    expect((await screen.findByTestId('group-call-elsewhere')).textContent).toBe(
      '你已在其他设备上加入此通话',
    );
    expect(count()).toBe('3人正在通话中');
    expect(screen.queryByRole('button', { name: '加入' })).toBeNull();
  });

  it('follows call.group for its own group: appears, updates the count, and goes when the call is over', async () => {
    const requests = serve({});
    const { client } = renderWithProviders(<JoinBanner groupID="g1" onJoin={() => {}} />);
    const key = ['calls', 'group', 'g1'];
    await waitFor(() => expect(client.getQueryState(key)?.status).toBe('success'));
    expect(requests).toHaveLength(1);
    expect(screen.queryByTestId('group-call-banner')).toBeNull();
    push('g1', record('g1', 2));
    await waitFor(() => expect(count()).toBe('2人正在通话中'));
    // Another group's call changes nothing here.
    push('g2', record('g2', 5));
    expect(client.getQueryData<GroupCallRecord>(key)?.userList).toHaveLength(2);
    push('g1', record('g1', 3));
    await waitFor(() => expect(count()).toBe('3人正在通话中'));
    push('g1', record('g1', 0));
    await waitFor(() => expect(screen.queryByTestId('group-call-banner')).toBeNull());
    push('g1', record('g1', 1));
    await waitFor(() => expect(count()).toBe('1人正在通话中'));
    push('g1', null);
    await waitFor(() => expect(screen.queryByTestId('group-call-banner')).toBeNull());
    expect(requests).toHaveLength(1);
  });

  it('is hidden and not fetched while this tab is on a call, and loads again once idle', async () => {
    useCallStore.setState({ phase: 'connected' });
    const requests = serve({ g1: record('g1', 2) });
    renderWithProviders(<JoinBanner groupID="g1" onJoin={() => {}} />);
    push('g1', record('g1', 4));
    expect(screen.queryByTestId('group-call-banner')).toBeNull();
    expect(requests).toHaveLength(0);
    act(() => useCallStore.setState({ phase: 'idle' }));
    // The fresh record replaces the pushed state.
    await waitFor(() => expect(count()).toBe('2人正在通话中'));
    expect(requests.map((r) => r.body)).toEqual([{ groupID: 'g1' }]);
    act(() => useCallStore.setState({ phase: 'calling' }));
    expect(screen.queryByTestId('group-call-banner')).toBeNull();
  });

  it('loads the new group when the chat changes group', async () => {
    const requests = serve({ g1: record('g1', 2), g2: record('g2', 6) });
    function Chat() {
      const [groupID, setGroupID] = useState('g1');
      return (
        <>
          <button type="button" onClick={() => setGroupID('g2')}>
            next
          </button>
          <JoinBanner groupID={groupID} onJoin={() => {}} />
        </>
      );
    }
    renderWithProviders(<Chat />);
    await waitFor(() => expect(count()).toBe('2人正在通话中'));
    fireEvent.click(screen.getByText('next'));
    await waitFor(() => expect(count()).toBe('6人正在通话中'));
    expect(requests.map((r) => r.body)).toEqual([{ groupID: 'g1' }, { groupID: 'g2' }]);
  });
});
