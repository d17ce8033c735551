import 'fake-indexeddb/auto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol';
import { queryClient } from '../../lib/query';
import { useSession } from '../../lib/session';
import { conversationsKey } from './conversations';
import { ingest } from './ingest';
import { useChatStore } from './store';
import { conversationFixture, incomingFixture as incoming } from './test-fixtures';

const row = () =>
  queryClient
    .getQueryData<Conversation[]>(conversationsKey('me'))
    ?.find((c) => c.conversationID === 'C2Cpeer');
const held = () => useChatStore.getState().byConv.C2Cpeer?.messages.map((m) => m.ID);

beforeEach(() => {
  useSession.setState({
    user: { wtId: 'me', nickName: 'Me', avatar: '' } as ReturnType<typeof useSession.getState>['user'],
  });
  useChatStore.setState({ byConv: {}, originals: new Map(), deleted: new Map() });
  queryClient.setQueryData(conversationsKey('me'), [conversationFixture('peer', { lastSequence: 0 })]);
});

describe('ingest', () => {
  it('a push into a chat neither held nor open moves the row (unread +1) and holds no list', () => {
    ingest('C2Cpeer', [incoming(1)], { from: 'push', onScreen: false, openID: null });
    expect(held()).toBeUndefined();
    expect(row()).toMatchObject({ lastSequence: 1, unreadCount: 1, lastMessage: { messageID: 'm1' } });
  });

  it('a push into the open chat, read on screen, joins the list and counts nothing', () => {
    ingest('C2Cpeer', [incoming(1)], { from: 'push', onScreen: true, openID: 'C2Cpeer' });
    expect(held()).toEqual(['m1']);
    expect(row()).toMatchObject({ lastSequence: 1, unreadCount: 0 });
  });

  it('an update changes the row only for a revoke; a sync page only the lists this tab holds', () => {
    ingest('C2Cpeer', [incoming(1)], { from: 'update', openID: null });
    expect(row()?.lastSequence).toBe(0);
    ingest('C2Cpeer', [incoming(2, { isRevoked: true })], { from: 'update', openID: null });
    expect(row()).toMatchObject({ lastSequence: 2, unreadCount: 0, lastMessage: { isRevoked: true } });
    ingest('C2Cpeer', [incoming(3)], { from: 'sync' });
    expect(held()).toBeUndefined();
    ingest('C2Cpeer', [incoming(1)], { from: 'latest', isCompleted: true });
    ingest('C2Cpeer', [incoming(3)], { from: 'sync' });
    expect(held()).toEqual(['m1', 'm3']);
  });

  it('an own answer (ack, revoke) goes into the list and the row, read', () => {
    ingest('C2Cpeer', [incoming(4, { flow: 'out', from: 'me' })], { from: 'own' });
    expect(held()).toEqual(['m4']);
    expect(row()).toMatchObject({ lastSequence: 4, readSequence: 4, unreadCount: 0 });
  });

  it('is the only writer: no other source file merges messages into the stores', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const files = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) return files(full);
        return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
      });
    const WRITES = /\.(merge|latest|fromCache|around|newer)\(|\bapplyMessage\(/;
    const writers = files(root)
      .filter((f) => WRITES.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f).split(path.sep).join('/'));
    // conversations.ts declares applyMessage; ingest.ts is the one caller of it and of the store's writes.
    expect(writers.sort()).toEqual(['features/messages/conversations.ts', 'features/messages/ingest.ts']);
  });
});
