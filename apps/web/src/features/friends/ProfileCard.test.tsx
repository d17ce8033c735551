import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FriendInfo } from '@parley/protocol';
import i18n from '../../lib/i18n';
import { ProfileCard, profileVariant } from './ProfileCard';
import { ProfileAvatar } from './ProfileAvatar';
import { userConfigKey } from './keys';
import { friendInfo, mockApi, renderWithProviders } from '../../test-utils';

beforeAll(async () => {
  await i18n.loadNamespaces(['friends', 'picker']);
});
afterEach(() => vi.unstubAllGlobals());

const base: FriendInfo = friendInfo();

describe('profileVariant', () => {
  it('maps friend info to the right profile popup', () => {
    expect(profileVariant(base)).toBe('contact');
    expect(profileVariant({ ...base, ownerBlackStatus: 1 })).toBe('blacklisted');
    expect(profileVariant({ ...base, friendsStatus: 1 })).toBe('user');
    expect(profileVariant({ ...base, friendsStatus: 2 })).toBe('self');
    expect(profileVariant({ ...base, actionStatus: 1 })).toBe('missing');
  });
});

describe('ProfileCard', () => {
  it('remark, nickname, tags and 发消息; call entries only when the web media switch is on', async () => {
    mockApi({
      '/user/friendInfo': () => ({ data: { ...base, remark: '老鲍', tagNameList: ['同事', '球友'] } }),
      '/user/userConfig/getInfo': () => ({ data: { webMediaSwitch: 0 } }),
    });
    const { client } = renderWithProviders(<ProfileCard wtId="bob" />);
    expect((await screen.findByTestId('profile-name')).textContent).toBe('老鲍');
    expect(screen.getByTestId('profile-remark').textContent).toContain('老鲍');
    expect(screen.getByText('昵称：Bob')).toBeTruthy();
    expect(screen.getByTestId('profile-tags').textContent).toContain('同事、球友');
    expect(screen.getByTestId('profile-message')).toBeTruthy();
    // The entries are also absent while the config loads: wait until it has loaded with the switch off.
    await waitFor(() => expect(client.getQueryState(userConfigKey)?.status).toBe('success'));
    expect(client.getQueryData(userConfigKey)).toEqual({ webMediaSwitch: 0 });
    expect(screen.queryByTestId('profile-voice')).toBeNull();
    expect(screen.queryByTestId('profile-video')).toBeNull();
    vi.unstubAllGlobals();

    mockApi({
      '/user/friendInfo': () => ({ data: base }),
      '/user/userConfig/getInfo': () => ({ data: { webMediaSwitch: 1 } }),
    });
    renderWithProviders(<ProfileCard wtId="bob" />);
    await screen.findByTestId('profile-voice');
    expect(screen.getByTestId('profile-video')).toBeTruthy();
  });

  it('blacklisted user: the notice and 移出黑名单', async () => {
    const calls = mockApi({
      '/user/friendInfo': () => ({ data: { ...base, friendsStatus: 1, ownerBlackStatus: 1 } }),
      '/user/userConfig/getInfo': () => ({ data: { webMediaSwitch: 0 } }),
      '/user/friendBlack/deleteByUserId': () => ({ data: { friendWtId: 'bob', ownerBlackStatus: 0 } }),
    });
    renderWithProviders(<ProfileCard wtId="bob" />);
    await screen.findByTestId('profile-blacklisted');
    screen.getByTestId('profile-unblack').click();
    await waitFor(() => expect(calls.some((c) => c.path === '/user/friendBlack/deleteByUserId')).toBe(true));
    expect(calls.find((c) => c.path === '/user/friendBlack/deleteByUserId')?.body).toEqual({
      friendWtId: 'bob',
    });
  });

  it('添加到通讯录, and no source line', async () => {
    mockApi({
      '/user/friendInfo': () => ({ data: { ...base, friendsStatus: 1 } }),
      '/user/userConfig/getInfo': () => ({ data: { webMediaSwitch: 0 } }),
    });
    renderWithProviders(<ProfileCard wtId="bob" />);
    await screen.findByTestId('profile-add');
    expect(screen.queryByTestId('profile-source')).toBeNull();
  });

  it('cancelled account or unknown id reads as not found', async () => {
    mockApi({ '/user/friendInfo': () => ({ data: { ...base, actionStatus: 1, nickName: '' } }) });
    renderWithProviders(<ProfileCard wtId="gone" />);
    await screen.findByText('该用户不存在或已注销');
  });
});

describe('ProfileAvatar', () => {
  it('opens nothing for system senders', () => {
    renderWithProviders(<ProfileAvatar wtId="administrator" name="系统" />);
    expect(screen.queryByTestId('profile-avatar')).toBeNull();
  });
  it('is a button that opens the profile popup for people', async () => {
    mockApi({
      '/user/friendInfo': () => ({ data: base }),
      '/user/userConfig/getInfo': () => ({ data: { webMediaSwitch: 0 } }),
    });
    renderWithProviders(<ProfileAvatar wtId="bob" name="Bob" />);
    screen.getByTestId('profile-avatar').click();
    await screen.findByTestId('profile-card');
  });
});
