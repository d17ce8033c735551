import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GroupInfo } from '@parley/protocol';
import i18n from '../../lib/i18n';
import { resetErrorDedupe } from '../../lib/http';
import { useToasts } from '../../ui/toast-store';
import { mockApi, renderWithProviders } from '../../test-utils';
import { GroupEditDialog } from './GroupEditDialog';
import { groupDialogs, useGroupUi } from './store';

beforeAll(async () => {
  await i18n.loadNamespaces(['groups']);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useToasts.getState().clear();
  resetErrorDedupe();
  groupDialogs.closeEdit();
});

const group = (identity: 1 | 2 | 3, notice = ''): GroupInfo => ({
  groupID: '12345678',
  groupNumber: '12345678',
  name: '周末徒步',
  groupName: '周末徒步',
  avatar: '',
  groupNotice: notice,
  groupWelcomeMsg: '',
  qrcode: '/h5/group/12345678',
  memberCount: 3,
  groupMemberCount: 3,
  limitLevel: 0,
  confirminviteSwitch: 0,
  inviteSwitch: 0,
  memberProtectSwitch: 0,
  bannedSwitch: 0,
  ownerWtId: 'owner',
  groupchatMemberList: [],
  selfMember: {
    userId: 'me',
    identity,
    groupNickname: '小张',
    groupNameRemark: '',
    topStatus: 0,
    muteUntil: 0,
  },
  createTime: 0,
  can: {
    manage: identity > 1,
    own: identity === 3,
    invite: true,
    quit: identity < 3,
    mentionAll: identity > 1,
  },
});
const toasts = () => useToasts.getState().items.map((t) => t.message);

describe('GroupEditDialog', () => {
  it('an ordinary member reads the notice: 暂无公告 and 知道了 closes', async () => {
    mockApi({ '/user/groupchat/getInfoById': () => ({ data: group(1) }) });
    groupDialogs.openEdit('12345678', 'notice');
    renderWithProviders(<GroupEditDialog />);
    expect((await screen.findByTestId('group-edit-read')).textContent).toBe('暂无公告');
    expect(screen.queryByTestId('group-edit-input')).toBeNull();
    fireEvent.click(screen.getByTestId('group-edit-ok'));
    expect(useGroupUi.getState().edit).toBeNull();
  });

  it('a manager edits the notice up to 3000 characters; 3001 is refused without a call', async () => {
    const calls = mockApi({
      '/user/groupchat/getInfoById': () => ({ data: group(2, '旧公告') }),
      '/user/groupchat/edit': () => ({ data: group(2, '新公告') }),
    });
    groupDialogs.openEdit('12345678', 'notice');
    renderWithProviders(<GroupEditDialog />);
    const input = await screen.findByTestId('group-edit-input');
    expect((input as HTMLTextAreaElement).value).toBe('旧公告');
    fireEvent.change(input, { target: { value: '告'.repeat(3001) } });
    fireEvent.click(screen.getByTestId('group-edit-save'));
    expect((await screen.findByTestId('group-edit-error')).textContent).toBe('最多3000个字符');
    expect(calls.some((c) => c.path === '/user/groupchat/edit')).toBe(false);
    fireEvent.change(input, { target: { value: '新公告' } });
    fireEvent.click(screen.getByTestId('group-edit-save'));
    await waitFor(() => expect(toasts()).toContain('修改成功'));
    expect(calls.find((c) => c.path === '/user/groupchat/edit')?.body).toEqual({
      groupNumber: '12345678',
      groupNotice: '新公告',
    });
    expect(useGroupUi.getState().edit).toBeNull();
  });

  it('own nickname: unchanged just closes; a new one goes to member/editGroup', async () => {
    const calls = mockApi({
      '/user/groupchat/getInfoById': () => ({ data: group(1) }),
      '/user/groupchat/member/editGroup': () => ({ data: group(1) }),
    });
    groupDialogs.openEdit('12345678', 'nickname');
    renderWithProviders(<GroupEditDialog />);
    await screen.findByTestId('group-edit-input');
    fireEvent.click(screen.getByTestId('group-edit-save'));
    expect(useGroupUi.getState().edit).toBeNull();
    expect(calls.some((c) => c.path === '/user/groupchat/member/editGroup')).toBe(false);

    groupDialogs.openEdit('12345678', 'nickname');
    const input = await screen.findByTestId('group-edit-input');
    fireEvent.change(input, { target: { value: '张三' } });
    fireEvent.click(screen.getByTestId('group-edit-save'));
    await waitFor(() => expect(toasts()).toContain('修改成功'));
    expect(calls.find((c) => c.path === '/user/groupchat/member/editGroup')?.body).toEqual({
      groupNumber: '12345678',
      groupNickname: '张三',
    });
  });
});
