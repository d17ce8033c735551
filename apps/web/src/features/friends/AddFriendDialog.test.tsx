import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FriendInfo } from '@parley/protocol';
import i18n from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { AddFriendDialog } from './AddFriendDialog';
import { friendInfo, mockApi, renderWithProviders } from '../../test-utils';

beforeAll(async () => {
  await i18n.loadNamespaces(['friends', 'picker']);
  useSession.setState({
    token: 't',
    user: {
      userId: 'me',
      wtId: 'me',
      phone: '13800000000',
      nickName: '阿强',
      avatar: '',
      bio: '',
      vipLevel: 0,
      vipType: 0,
      hasStep2Pwd: false,
      isOperator: false,
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const bob: FriendInfo = friendInfo({ friendsStatus: 1, applySource: 2 });

function search(value: string) {
  fireEvent.change(screen.getByTestId('add-search'), { target: { value } });
  fireEvent.click(screen.getByTestId('add-search-btn'));
}

describe('AddFriendDialog', () => {
  it('finds a user by phone and applies with source 2 and the reason (default 我是{nick})', async () => {
    const calls = mockApi({
      '/user/searchById': () => ({
        data: {
          userID: 'bob',
          wtId: 'bob',
          name: 'Bob',
          nickName: 'Bob',
          avatar: '',
          type: 'user',
          source: 2,
        },
      }),
      '/user/friendInfo': () => ({ data: bob }),
      '/userFriends/apply': () => ({ data: { userID: 'bob' } }),
    });
    const onClose = vi.fn();
    renderWithProviders(<AddFriendDialog open onClose={onClose} />);
    search('13900000000');
    expect((await screen.findByTestId('add-result-name')).textContent).toBe('Bob');
    fireEvent.click(screen.getByTestId('add-apply'));
    expect((screen.getByTestId('apply-reason') as HTMLInputElement).value).toBe('我是阿强');
    fireEvent.click(screen.getByTestId('apply-send'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/userFriends/apply')?.body).toEqual({
      applyWtId: 'bob',
      applySource: 2,
      applyInfo: '我是阿强',
    });
  });

  it('keeps the reason within 15 characters', async () => {
    mockApi({
      '/user/searchById': () => ({
        data: {
          userID: 'bob',
          wtId: 'bob',
          name: 'Bob',
          nickName: 'Bob',
          avatar: '',
          type: 'user',
          source: 1,
        },
      }),
      '/user/friendInfo': () => ({ data: bob }),
    });
    renderWithProviders(<AddFriendDialog open onClose={() => {}} />);
    search('bob');
    fireEvent.click(await screen.findByTestId('add-apply'));
    fireEvent.change(screen.getByTestId('apply-reason'), {
      target: { value: '一二三四五六七八九十一二三四五六七' },
    });
    expect((screen.getByTestId('apply-reason') as HTMLInputElement).value).toBe(
      '一二三四五六七八九十一二三四五',
    );
  });

  it('says when nobody matches and shows a refusal from the server', async () => {
    mockApi({
      '/user/searchById': () => ({ code: 10010, msg: '该用户不存在', status: 404 }),
    });
    renderWithProviders(<AddFriendDialog open onClose={() => {}} />);
    search('nobody');
    expect((await screen.findByTestId('add-error')).textContent).toBe('该用户不存在');
    vi.unstubAllGlobals();

    mockApi({
      '/user/searchById': () => ({
        data: {
          userID: 'bob',
          wtId: 'bob',
          name: 'Bob',
          nickName: 'Bob',
          avatar: '',
          type: 'user',
          source: 1,
        },
      }),
      '/user/friendInfo': () => ({ data: bob }),
      '/userFriends/apply': () => ({ code: 21004, msg: '你已被对方加入黑名单，无法添加好友', status: 403 }),
    });
    search('bob');
    fireEvent.click(await screen.findByTestId('add-apply'));
    fireEvent.click(screen.getByTestId('apply-send'));
    expect((await screen.findByTestId('apply-error')).textContent).toBe('你已被对方加入黑名单，无法添加好友');
  });
});
