import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes } from '@parley/protocol';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { resetErrorDedupe } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { useToasts } from '../../../ui/toast-store';
import { renderWithProviders } from '../../../test-utils';
import { InvitePicker, type InvitePickerProps } from './InvitePicker';
import { member, mockMembers } from './test-fixtures';

beforeAll(async () => {
  await i18n.loadNamespaces(['calls', 'picker']);
});
// jsdom has no layout: a list tall enough for a whole page of rows to render.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(4000);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  useSession.setState({ user: { wtId: 'me' } as ReturnType<typeof useSession.getState>['user'] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  useToasts.getState().clear();
  resetErrorDedupe();
});

const MEMBERS = routes.groups.members.path;
const many = (n: number) => [member('me', '我'), ...Array.from({ length: n }, (_, i) => member(`u${i + 1}`))];

function setup(props: Partial<InvitePickerProps> = {}) {
  const onCancel = vi.fn();
  const onDone = vi.fn();
  renderWithProviders(
    <InvitePicker
      open
      mediaType={1}
      groupID="g1"
      disabledIds={[]}
      onCancel={onCancel}
      onDone={onDone}
      {...props}
    />,
  );
  return { onCancel, onDone };
}

const rows = () => screen.getAllByTestId('picker-row');
const row = (id: string) => rows().find((r) => r.dataset.id === id)!;
const ids = () => rows().map((r) => r.dataset.id);
const count = () => screen.getByTestId('picker-count').textContent;

describe('InvitePicker', () => {
  it('is titled by the media type and asks for a userID', async () => {
    mockMembers(many(2));
    setup({ mediaType: 2 });
    expect(await screen.findByRole('dialog', { name: '发起群视频' })).toBeTruthy();
    expect(screen.getByLabelText('请输入userID')).toBeTruthy();
  });

  it('loads 30 members a page and 查看更多 loads the next page, in the group order', async () => {
    const calls = mockMembers(many(44));
    setup();
    // The first page holds the reader and 29 others: the reader is never listed.
    await waitFor(() => expect(rows()).toHaveLength(29));
    expect(screen.getByRole('dialog', { name: '发起群语音' })).toBeTruthy();
    expect(calls.filter((c) => c.path === MEMBERS).map((c) => c.body)).toEqual([
      { groupNumber: 'g1', pageNum: 1, pageSize: 30 },
    ]);
    expect(ids().slice(0, 3)).toEqual(['u1', 'u2', 'u3']);
    expect(screen.getByTestId('picker-more').textContent).toBe('查看更多');
    fireEvent.click(screen.getByTestId('picker-more'));
    await waitFor(() => expect(rows()).toHaveLength(44));
    expect(calls.filter((c) => c.path === MEMBERS).map((c) => c.body)).toEqual([
      { groupNumber: 'g1', pageNum: 1, pageSize: 30 },
      { groupNumber: 'g1', pageNum: 2, pageSize: 30 },
    ]);
    expect(ids().at(-1)).toBe('u44');
    expect(screen.queryByTestId('picker-more')).toBeNull();
  });

  it('leaves the reader out and keeps disabledIds unselectable; select-all takes every other loaded row', async () => {
    mockMembers(many(4));
    const { onDone } = setup({ disabledIds: ['u2'] });
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(ids()).not.toContain('me');
    expect(row('u2').getAttribute('aria-disabled')).toBe('true');
    expect(row('u2').textContent).toContain('已在通话中');
    fireEvent.click(row('u2'));
    expect(count()).toBe('请勾选需要添加的成员');
    expect((screen.getByTestId('picker-done') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('picker-select-all'));
    expect(count()).toBe('已选择3个成员');
    const panel = screen.getByTestId('picker-selected');
    expect(
      within(panel)
        .getAllByTestId('picker-selected-item')
        .map((e) => e.dataset.id),
    ).toEqual(['u1', 'u3', 'u4']);
    fireEvent.click(within(panel).getAllByTestId('picker-remove')[1]!);
    fireEvent.click(screen.getByTestId('picker-done'));
    expect(onDone).toHaveBeenCalledWith(['u1', 'u4']);
  });

  it('refuses a 9th pick with 最多可邀请8人', async () => {
    mockMembers(many(12));
    setup();
    await waitFor(() => expect(rows()).toHaveLength(12));
    for (let i = 1; i <= 8; i++) fireEvent.click(row(`u${i}`));
    expect(count()).toBe('已选择8个成员');
    act(() => {
      fireEvent.click(row('u9'));
    });
    expect(count()).toBe('已选择8个成员');
    expect(row('u9').getAttribute('aria-checked')).toBe('false');
    expect(useToasts.getState().items.map((t) => t.message)).toEqual(['最多可邀请8人']);
  });

  it('searches the group on the server by userID or nickname 500 ms after typing stops', async () => {
    const all = [...many(40), member('zz9', 'Zoe')];
    const calls = mockMembers(all);
    setup();
    await waitFor(() => expect(rows()).toHaveLength(29));
    // The clock is fake only while the keyword settles.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(screen.getByTestId('picker-search'), { target: { value: 'zo' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(calls.filter((c) => c.path === MEMBERS)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.runOnlyPendingTimersAsync());
    vi.useRealTimers();
    await waitFor(() => expect(ids()).toEqual(['zz9']));
    expect(calls.filter((c) => c.path === MEMBERS).at(-1)!.body).toEqual({
      groupNumber: 'g1',
      pageNum: 1,
      pageSize: 30,
      keyword: 'zo',
    });
    expect(screen.getByText('搜索结果')).toBeTruthy();
    // By userID too.
    fireEvent.change(screen.getByTestId('picker-search'), { target: { value: 'u40' } });
    await waitFor(() => expect(ids()).toEqual(['u40']), { timeout: 3000 });
    expect(calls.filter((c) => c.path === MEMBERS).at(-1)!.body).toMatchObject({ keyword: 'u40' });
  });

  it('rows are native buttons with checkbox semantics (Space toggles) and Escape cancels', async () => {
    mockMembers(many(3));
    const { onCancel } = setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const target = row('u1');
    expect(target.tagName).toBe('BUTTON');
    expect(target.getAttribute('role')).toBe('checkbox');
    expect(target.getAttribute('aria-checked')).toBe('false');
    target.focus();
    fireEvent.click(target);
    expect(row('u1').getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
