import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Moment, MomentComment } from '@parley/protocol';
import i18n from '../../lib/i18n';
import { mockApi, renderWithProviders } from '../../test-utils';
import { MomentCard } from './MomentCard';

beforeAll(async () => {
  await i18n.loadNamespaces(['moments', 'common']);
});
afterEach(() => vi.unstubAllGlobals());

const comment = (over: Partial<MomentComment>): MomentComment => ({
  id: 1,
  friendsCircleId: 7,
  wtId: 'bob',
  nickName: 'Bob',
  avatar: '',
  content: 'nice',
  replyToWtId: '',
  replyToNickName: '',
  createTime: 1,
  ...over,
});

const moment = (over: Partial<Moment> = {}): Moment => ({
  id: 7,
  wtId: 'ann',
  nickName: 'Ann',
  avatar: '',
  content: '周末去爬山',
  images: [
    { url: '/api/oss/files/a.png', thumbUrl: '/api/oss/files/a-t.webp', width: 10, height: 10 },
    { url: '/api/oss/files/b.png', thumbUrl: '/api/oss/files/b-t.webp', width: 10, height: 10 },
  ],
  video: null,
  visibility: 0,
  groupList: [],
  createTime: Date.now(),
  minePraiseStatus: 0,
  likeList: [],
  commentsList: [],
  commentsMore: false,
  ...over,
});

/** The card with its moment kept in state, as the feed keeps it. */
function Card({ initial, me }: { initial: Moment; me: string }) {
  const [m, setM] = useState<Moment | null>(initial);
  if (!m) return <p>removed</p>;
  return <MomentCard moment={m} me={me} onChange={(patch) => setM(patch ? { ...m, ...patch } : null)} />;
}

describe('MomentCard', () => {
  it('shows text and thumbnails; 赞 toggles through the API and the likes line follows', async () => {
    const calls = mockApi({
      '/friendsCirclePraise/praiseAction': () => ({
        data: {
          id: 7,
          minePraiseStatus: 1,
          praiseList: [{ wtId: 'me', nickName: 'Me', avatar: '', createTime: 2 }],
        },
      }),
    });
    renderWithProviders(<Card initial={moment()} me="me" />);
    expect(screen.getByTestId('moment-text').textContent).toBe('周末去爬山');
    const imgs = screen
      .getAllByTestId('moment-image')
      .map((b) => b.querySelector('img')!.getAttribute('src'));
    expect(imgs).toEqual(['/api/oss/files/a-t.webp', '/api/oss/files/b-t.webp']);
    expect(screen.queryByTestId('moment-delete')).toBeNull();
    fireEvent.click(screen.getByTestId('moment-like'));
    expect((await screen.findByTestId('moment-likes')).textContent).toContain('Me');
    expect(calls).toContainEqual({ path: '/friendsCirclePraise/praiseAction', body: { friendsCircleId: 7 } });
    expect(screen.getByTestId('moment-like').getAttribute('aria-pressed')).toBe('true');
  });

  it('tapping someone’s comment replies to them', async () => {
    const reply = comment({
      id: 2,
      wtId: 'me',
      nickName: 'Me',
      content: 'thanks',
      replyToWtId: 'bob',
      replyToNickName: 'Bob',
    });
    const calls = mockApi({
      '/friendsCircleComments/add': () => ({
        data: { id: 7, comment: reply, commentsList: [comment({}), reply] },
      }),
    });
    renderWithProviders(<Card initial={moment({ commentsList: [comment({})] })} me="me" />);
    fireEvent.click(screen.getByText('nice'));
    const input = await screen.findByTestId('moment-comment-input');
    expect(input.getAttribute('placeholder')).toBe('回复Bob');
    fireEvent.change(input, { target: { value: 'thanks' } });
    fireEvent.click(screen.getByTestId('moment-comment-send'));
    await waitFor(() => expect(screen.getAllByTestId('moment-comment')).toHaveLength(2));
    expect(calls).toContainEqual({
      path: '/friendsCircleComments/add',
      body: { friendsCircleId: 7, content: 'thanks', replyToWtId: 'bob' },
    });
    expect(screen.getAllByTestId('moment-comment')[1]!.textContent).toContain('Me 回复 Bob: thanks');
  });

  it('the author sees the scope, 删除, and × on others’ comments', () => {
    mockApi({});
    renderWithProviders(
      <Card
        initial={moment({
          wtId: 'me',
          visibility: 2,
          groupList: [{ id: 1, tagName: '家人' }],
          commentsList: [comment({})],
        })}
        me="me"
      />,
    );
    expect(screen.getByTestId('moment-scope').textContent).toBe('部分可见: 家人');
    expect(screen.getByTestId('moment-delete')).toBeTruthy();
    expect(screen.getByTestId('moment-comment-delete')).toBeTruthy();
  });

  it('更多评论 loads the comments after the last shown, until there are no more', async () => {
    const calls = mockApi({
      '/friendsCircleComments/listByPage': () => ({
        data: { rows: [comment({ id: 21, content: 'twenty-one' })], hasMore: false },
      }),
    });
    renderWithProviders(
      <Card initial={moment({ commentsList: [comment({ id: 20 })], commentsMore: true })} me="me" />,
    );
    fireEvent.click(screen.getByTestId('moment-comments-more'));
    await waitFor(() => expect(screen.getAllByTestId('moment-comment')).toHaveLength(2));
    expect(screen.getAllByTestId('moment-comment')[1]!.textContent).toContain('twenty-one');
    expect(calls).toContainEqual({
      path: '/friendsCircleComments/listByPage',
      body: { friendsCircleId: 7, lastId: 20 },
    });
    expect(screen.queryByTestId('moment-comments-more')).toBeNull();
  });
});
