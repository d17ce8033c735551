import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FriendInfo, Tag } from '@parley/protocol';
import i18n from '../../lib/i18n';
import { resetErrorDedupe } from '../../lib/http';
import { useToasts } from '../../ui/toast-store';
import { MomentsDialog } from './MomentsDialog';
import { RemarkTagsDialog } from './RemarkTagsDialog';
import { friendInfo, mockApi, renderWithProviders } from '../../test-utils';

beforeAll(async () => {
  await i18n.loadNamespaces(['friends']);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useToasts.getState().clear();
  resetErrorDedupe();
});

const info: FriendInfo = friendInfo();
const tags: Tag[] = [
  { id: 1, tagName: '同事', userCount: 0, tagStatus: 0, createTime: 0 },
  { id: 2, tagName: '球友', userCount: 1, tagStatus: 1, createTime: 0 },
];
const toasts = () => useToasts.getState().items.map((t) => t.message);

describe('RemarkTagsDialog toasts', () => {
  it('saves remark and tags, then says 修改成功', async () => {
    const calls = mockApi({
      '/user/friendInfo': () => ({ data: info }),
      '/userTag/initSetList': () => ({ data: tags }),
      '/userFriends/update': () => ({ data: { wtId: 'bob', remark: '老鲍' } }),
      '/userTag/setTag4User': () => ({ data: tags }),
    });
    renderWithProviders(<RemarkTagsDialog wtId="bob" onClose={() => {}} />);
    fireEvent.change(await screen.findByTestId('remark-input'), { target: { value: '老鲍' } });
    fireEvent.click(screen.getByText('同事'));
    fireEvent.click(screen.getByTestId('remark-save'));
    await waitFor(() => expect(toasts()).toContain('修改成功'));
    expect(calls.find((c) => c.path === '/userFriends/update')?.body).toEqual({
      friendsWtId: 'bob',
      remark: '老鲍',
    });
    expect(calls.find((c) => c.path === '/userTag/setTag4User')?.body).toEqual({
      friendsWtId: 'bob',
      tagIds: [2, 1],
    });
  });

  it('修改备注失败，请重试 when the remark is refused', async () => {
    mockApi({
      '/user/friendInfo': () => ({ data: info }),
      '/userTag/initSetList': () => ({ data: tags }),
      '/userFriends/update': () => ({ code: 400, msg: '备注不能超过96个字节', status: 400 }),
    });
    renderWithProviders(<RemarkTagsDialog wtId="bob" onClose={() => {}} />);
    fireEvent.change(await screen.findByTestId('remark-input'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('remark-save'));
    await waitFor(() => expect(toasts()).toEqual(['修改备注失败，请重试']));
  });

  it('修改标签失败，请重试 when the tags are refused', async () => {
    mockApi({
      '/user/friendInfo': () => ({ data: info }),
      '/userTag/initSetList': () => ({ data: tags }),
      '/userTag/setTag4User': () => ({ code: 500, msg: 'boom', status: 500 }),
    });
    renderWithProviders(<RemarkTagsDialog wtId="bob" onClose={() => {}} />);
    fireEvent.click(await screen.findByText('同事'));
    fireEvent.click(screen.getByTestId('remark-save'));
    await waitFor(() => expect(toasts()).toEqual(['修改标签失败，请重试']));
  });

  it('加载用户标签失败，请重试！ when the tags cannot load', async () => {
    mockApi({
      '/user/friendInfo': () => ({ data: info }),
      '/userTag/initSetList': () => ({ code: 500, msg: 'boom', status: 500 }),
    });
    renderWithProviders(<RemarkTagsDialog wtId="bob" onClose={() => {}} />);
    await waitFor(() => expect(toasts()).toEqual(['加载用户标签失败，请重试！']));
  });

  it('refuses a remark over 96 bytes before calling the server', async () => {
    const calls = mockApi({
      '/user/friendInfo': () => ({ data: info }),
      '/userTag/initSetList': () => ({ data: tags }),
    });
    renderWithProviders(<RemarkTagsDialog wtId="bob" onClose={() => {}} />);
    fireEvent.change(await screen.findByTestId('remark-input'), { target: { value: '👨‍👩‍👧‍👦'.repeat(4) } });
    expect(screen.getByRole('alert').textContent).toContain('96');
    expect((screen.getByTestId('remark-save') as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((c) => c.path === '/userFriends/update')).toBe(false);
  });
});

describe('MomentsDialog', () => {
  it('toggles one flag per click, says 修改成功 and locks the switches for a second', async () => {
    const calls = mockApi({
      '/user/friendInfo': () => ({ data: info }),
      '/userFriends/updateSpaceStatus': () => ({ data: { wtId: 'bob', mineSpaceStatus: 1 } }),
    });
    renderWithProviders(<MomentsDialog wtId="bob" onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('switch-mineSpaceStatus'));
    await waitFor(() => expect(toasts()).toEqual(['修改成功']));
    expect(calls.find((c) => c.path === '/userFriends/updateSpaceStatus')?.body).toEqual({
      friendsWtId: 'bob',
      mineSpaceStatus: 1,
    });
    // Locked for a second after use.
    expect((screen.getByTestId('switch-friendsSpaceStatus') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says 修改失败，请重试 when the change is refused', async () => {
    mockApi({
      '/user/friendInfo': () => ({ data: info }),
      '/userFriends/updateSpaceStatus': () => ({ code: 500, msg: 'boom', status: 500 }),
    });
    renderWithProviders(<MomentsDialog wtId="bob" onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('switch-friendsSpaceStatus'));
    await waitFor(() => expect(toasts()).toEqual(['修改失败，请重试']));
  });
});
