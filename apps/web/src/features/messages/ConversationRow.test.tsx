import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol';
import i18n from '../../lib/i18n';
import { renderWithProviders } from '../../test-utils';
import { ConversationRow } from './ConversationRow';
import { conversationFixture } from './test-fixtures';

beforeAll(async () => {
  await i18n.loadNamespaces(['messages', 'groupChat']);
});

type Last = NonNullable<Conversation['lastMessage']>;
const group = (last: Partial<Last>): Conversation =>
  conversationFixture('', {
    conversationID: 'GROUP100200',
    type: 'GROUP',
    lastMessage: {
      messageID: 'm1',
      type: 'text',
      payload: { text: '今晚聚餐' },
      lastTime: 1_700_000_000,
      lastSequence: 3,
      isRevoked: false,
      fromAccount: 'alice',
      fromNick: 'Alice',
      revoker: '',
      ...last,
    },
    lastSequence: 3,
    readSequence: 3,
    userProfile: null,
    activityTime: 1_700_000_000_000,
    groupProfile: { groupID: '100200', name: '周末爬山群', avatar: '' },
    groupAtInfoList: [],
    state: 0,
  });

const line = (c: Conversation) => {
  const { unmount } = renderWithProviders(
    <ConversationRow c={c} me="me" active={false} onOpen={() => {}} onMenu={() => {}} />,
  );
  const text = screen.getByTestId('conversation-row').textContent ?? '';
  unmount();
  return text;
};

describe('ConversationRow (group)', () => {
  it('names the sender of the last message: "nick: text"; one’s own has no name', () => {
    expect(line(group({}))).toContain('今晚聚餐');
    const mine = line(group({ fromAccount: 'me', fromNick: 'Me' }));
    expect(mine).toContain('今晚聚餐');
    expect(mine).not.toContain('Me:');
  });

  it('a revoked last message names who revoked it, or says an administrator did', () => {
    expect(line(group({ isRevoked: true, revoker: 'alice', payload: {} }))).toContain('Alice撤回了一条消息');
    expect(line(group({ isRevoked: true, revoker: 'administrator', payload: {} }))).toContain(
      '该条消息已被撤回',
    );
  });
});

describe('ConversationRow (a profile the reader may no longer see)', () => {
  const row = (c: Conversation) => {
    const view = renderWithProviders(
      <ConversationRow c={c} me="me" active={false} onOpen={() => {}} onMenu={() => {}} />,
    );
    const name = view.container.querySelector('.cv-row__name')?.textContent ?? '';
    const avatar = view.container.querySelector('.avatar--default')?.textContent ?? null;
    view.unmount();
    return { name, avatar };
  };

  it('a peer whose profile is hidden (empty nick and avatar) is named by their wtId', () => {
    const c = conversationFixture('bob_1', { userProfile: { userID: 'bob_1', nick: '', avatar: '' } });
    expect(row(c)).toEqual({ name: 'bob_1', avatar: 'B' });
  });

  it('a left group whose profile is hidden is named by its number, with the default avatar', () => {
    const c = group({});
    const left = {
      ...c,
      state: 8,
      groupProfile: { groupID: '100200', name: '', avatar: '' },
    } as Conversation;
    expect(row(left)).toEqual({ name: '100200', avatar: '1' });
  });
});
