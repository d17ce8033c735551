import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMPTY_COUNTERS, type FriendItem } from '@parley/protocol';
import i18n from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { mockApi, renderWithProviders } from '../../test-utils';
import { useFriendDialogs } from '../friends/dialogs-store';
import { GetStarted } from './GetStarted';

beforeAll(async () => {
  await i18n.loadNamespaces(['contacts', 'friends']);
  useSession.setState({
    user: { wtId: 'lin_xiao', nickName: '林晓' } as ReturnType<typeof useSession.getState>['user'],
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useFriendDialogs.setState({ addFriend: false });
});

function friendsAre(list: FriendItem[]) {
  mockApi({
    '/user/counters': () => ({ data: EMPTY_COUNTERS }),
    '/userFriends/list': () => ({ data: { rows: list, total: list.length } }),
  });
}

// The first screen's welcome for a user without conversations or friends is tested with the
// messages screen (features/messages/MessagesPage.test.tsx).
describe('first run', () => {
  it('添加朋友 opens the add-friend dialog; 复制 copies my ID; the QR dialog shows a code of my ID', async () => {
    friendsAre([]);
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<GetStarted variant="contacts" />);
    expect(screen.getByText('还没有朋友')).toBeTruthy();
    fireEvent.click(screen.getByTestId('start-add-friend'));
    expect(useFriendDialogs.getState().addFriend).toBe(true);
    fireEvent.click(screen.getByTestId('start-copy-id'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('lin_xiao'));
    fireEvent.click(screen.getByTestId('start-show-qr'));
    const img = await screen.findByTestId('my-qr');
    expect(img.getAttribute('alt')).toBe('我的ID lin_xiao 的二维码');
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });
});
