import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { useToasts } from '../../ui/toast-store';
import { PeoplePicker, type PeoplePickerProps } from './PeoplePicker';
import type { PickerItem } from './types';

beforeAll(async () => {
  await i18n.loadNamespaces(['picker']);
});

// jsdom has no layout: give the virtualized lists a size so rows render.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(280);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
});
afterEach(() => {
  vi.restoreAllMocks();
  useToasts.getState().clear();
});

const friends: PickerItem[] = [
  { id: 'u1', name: '张三' },
  { id: 'u2', name: 'amy', remark: '阿美' },
  { id: 'u3', name: '9527' },
  { id: 'u4', name: '李四', disabled: true, disabledReason: 'inGroup' },
];

function setup(props: Partial<PeoplePickerProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(<PeoplePicker items={friends} onConfirm={onConfirm} onCancel={onCancel} {...props} />);
  return { onConfirm, onCancel };
}

const rows = () => screen.getAllByTestId('picker-row');
const row = (id: string) => rows().find((r) => r.dataset.id === id)!;

describe('PeoplePicker', () => {
  it('lists candidates A–Z by pinyin initial with a # bucket, the remark first', () => {
    setup();
    expect(screen.getAllByTestId('picker-header').map((h) => h.textContent)).toEqual(['A', 'L', 'Z', '#']);
    expect(row('u2').textContent).toContain('阿美');
    expect(row('u4').textContent).toContain('已在群聊中');
  });

  it('searches after 500 ms on remark or nickname and shows 搜索结果, or {type}不存在', () => {
    vi.useFakeTimers();
    try {
      setup();
      fireEvent.change(screen.getByTestId('picker-search'), { target: { value: '美' } });
      act(() => vi.advanceTimersByTime(499));
      expect(screen.queryByText('搜索结果')).toBeNull();
      expect(rows().map((r) => r.dataset.id)).toEqual(['u2', 'u4', 'u1', 'u3']);
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByText('搜索结果')).toBeTruthy();
      expect(rows().map((r) => r.dataset.id)).toEqual(['u2']);
      // By nickname; typing again restarts the wait.
      fireEvent.change(screen.getByTestId('picker-search'), { target: { value: '95' } });
      act(() => vi.advanceTimersByTime(300));
      fireEvent.change(screen.getByTestId('picker-search'), { target: { value: '9527' } });
      act(() => vi.advanceTimersByTime(499));
      expect(rows().map((r) => r.dataset.id)).toEqual(['u2']);
      act(() => vi.advanceTimersByTime(1));
      expect(rows().map((r) => r.dataset.id)).toEqual(['u3']);
      fireEvent.change(screen.getByTestId('picker-search'), { target: { value: 'nobody' } });
      act(() => vi.advanceTimersByTime(500));
      expect(screen.getByText('好友不存在')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows 暂无{type} without candidates and keeps 完成 disabled until something is picked', () => {
    const { onConfirm } = setup({ items: [], type: 'member' });
    expect(screen.getByText('暂无成员')).toBeTruthy();
    expect((screen.getByTestId('picker-done') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('picker-done'));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('select-all picks every enabled candidate, the panel counts them and remove icons take them out', () => {
    const { onConfirm } = setup();
    fireEvent.click(screen.getByTestId('picker-select-all'));
    expect(screen.getByTestId('picker-count').textContent).toBe('已选择3个好友');
    expect(row('u4').getAttribute('aria-disabled')).toBe('true');
    const panel = screen.getByTestId('picker-selected');
    // Selected in the order shown: A (阿美), Z (张三), # (9527).
    expect(
      within(panel)
        .getAllByTestId('picker-selected-item')
        .map((e) => e.dataset.id),
    ).toEqual(['u2', 'u1', 'u3']);
    fireEvent.click(within(panel).getAllByTestId('picker-remove')[0]!);
    expect(screen.getByTestId('picker-count').textContent).toBe('已选择2个好友');
    fireEvent.click(screen.getByTestId('picker-done'));
    expect(onConfirm.mock.calls[0]![0].map((i: PickerItem) => i.id)).toEqual(['u1', 'u3']);
  });

  it('radio mode keeps one and offers no select-all; disabled rows cannot be picked', () => {
    setup({ mode: 'radio' });
    expect(screen.queryByTestId('picker-select-all')).toBeNull();
    fireEvent.click(row('u1'));
    fireEvent.click(row('u3'));
    fireEvent.click(row('u4'));
    expect(
      within(screen.getByTestId('picker-selected'))
        .getAllByTestId('picker-selected-item')
        .map((e) => e.dataset.id),
    ).toEqual(['u3']);
  });

  it('no select-all with a single candidate', () => {
    setup({ items: [{ id: 'x', name: 'X' }] });
    expect(screen.queryByTestId('picker-select-all')).toBeNull();
  });

  it('refuses picks beyond the max with the given message', () => {
    setup({ max: 1, maxMessage: '最多可邀请1人' });
    fireEvent.click(row('u1'));
    act(() => {
      fireEvent.click(row('u2'));
    });
    expect(screen.getByTestId('picker-count').textContent).toBe('已选择1个好友');
    expect(useToasts.getState().items.map((t) => t.message)).toContain('最多可邀请1人');
  });

  it('shows the group marker, the official tag and role labels, and 查看更多 asks for more', () => {
    const onLoadMore = vi.fn();
    setup({
      items: [
        { id: 'g1', name: '产品群', isGroup: true },
        { id: 'h', name: '小助手', official: true },
        { id: 'o', name: 'Owner', role: 'owner' },
        { id: 'a', name: 'Admin', role: 'admin' },
      ],
      hasMore: true,
      onLoadMore,
    });
    expect(row('g1').textContent).toContain('[群聊]');
    expect(row('h').textContent).toContain('官方');
    expect(row('o').textContent).toContain('群主');
    expect(row('a').textContent).toContain('管理员');
    fireEvent.click(screen.getByTestId('picker-more'));
    expect(onLoadMore).toHaveBeenCalledOnce();
  });

  it('renders only a window of a 1,000-item list (virtualized)', () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ id: `id${i}`, name: `用户${i}` }));
    setup({ items: many });
    expect(rows().length).toBeLessThan(40);
  });
});
