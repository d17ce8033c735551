import { beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol';
import { canReedit, canRevoke, hasMenu, mergeMessages, pendingMessage } from './merge';
import { useChatStore } from './store';
import { messageFixture } from './test-fixtures';
import type { ChatMessage } from './types';

const base = (over: Partial<Message>): Message =>
  messageFixture({
    timeMs: 1_000_000,
    flow: 'out',
    from: 'me',
    nick: 'Me',
    to: 'peer',
    payload: { text: '原来的话' },
    ...over,
  });

beforeEach(() => useChatStore.setState({ byConv: {}, originals: new Map() }));

describe('messages in the chat window', () => {
  it('the stored copy replaces the pending one (same clientMsgId): the ack and the echo show it once', () => {
    const pending = pendingMessage(
      {
        conversationID: 'C2Cpeer',
        clientMsgId: 'c1',
        type: 'text',
        payload: { text: 'hi' },
        createdAt: 5,
        ownerID: 'me',
      },
      { wtId: 'me', nick: 'Me', avatar: '' },
    );
    const once = mergeMessages([pending], [base({ ID: 'm9', sequence: 9 })]);
    const twice = mergeMessages(once, [base({ ID: 'm9', sequence: 9 })]);
    expect(twice.map((m) => [m.ID, m.status])).toEqual([['m9', 'success']]);
  });

  it('orders stored messages by sequence and keeps unsent ones after them; deleted ones leave', () => {
    const list = mergeMessages(
      [],
      [base({ ID: 'b', sequence: 2, clientMsgId: '' }), base({ ID: 'a', sequence: 1, clientMsgId: '' })],
    );
    const withPending = [
      ...list,
      { ...list[0]!, ID: 'local', clientMsgId: 'x', status: 'unSend' as const, sequence: 0 },
    ];
    expect(mergeMessages(withPending, []).map((m) => m.ID)).toEqual(['a', 'b', 'local']);
    expect(
      mergeMessages(list, [base({ ID: 'a', sequence: 1, clientMsgId: '', isDeleted: true })]).map(
        (m) => m.ID,
      ),
    ).toEqual(['b']);
  });

  it('revoke and 重新编辑 follow the server flags (revoke until can.revokeUntil); the text is kept', () => {
    const m = { ...base({}), status: 'success' } as ChatMessage;
    expect(canRevoke(m, m.can.revokeUntil)).toBe(true);
    expect(canRevoke(m, m.can.revokeUntil + 1)).toBe(false);
    expect(canRevoke({ ...m, flow: 'in' }, m.timeMs)).toBe(false);
    expect(canRevoke({ ...m, can: { ...m.can, revoke: false } }, m.timeMs)).toBe(false);

    const store = useChatStore.getState();
    store.merge('C2Cpeer', [base({})]);
    const after = {
      revoke: false,
      revokeUntil: 0,
      reedit: true,
      pin: false,
      delete: true,
      forward: false,
      react: false,
    };
    store.merge('C2Cpeer', [base({ isRevoked: true, revoker: 'me', payload: {}, can: after })]);
    const revoked = useChatStore.getState().byConv.C2Cpeer!.messages[0]!;
    expect(revoked.isRevoked).toBe(true);
    expect(useChatStore.getState().originals.get('m1')).toBe('原来的话');
    expect(canReedit(revoked, useChatStore.getState().originals)).toBe(true);
    // The peer's revoked message offers no 重新编辑, and revoked messages have no menu.
    expect(canReedit({ ...revoked, flow: 'in' }, useChatStore.getState().originals)).toBe(false);
    // Revoked by a manager: the server answers no reedit.
    const byAdmin = { ...revoked, can: { ...after, reedit: false } };
    expect(canReedit(byAdmin, useChatStore.getState().originals)).toBe(false);
    expect(hasMenu(revoked)).toBe(false);
    expect(hasMenu({ ...m, hasRiskContent: true })).toBe(false);
  });

  it('the device copy fills in under messages that arrived first, and never over the server page', () => {
    const store = useChatStore.getState();
    // A sync after the reconnect delivered a newer copy of m2 and a new m3 before the device copy loaded.
    store.merge('C2Cpeer', [
      base({ ID: 'm2', sequence: 2, clientMsgId: '', isRevoked: true }),
      base({ ID: 'm3', sequence: 3, clientMsgId: '' }),
    ]);
    store.fromCache(
      'C2Cpeer',
      [base({ ID: 'm1', sequence: 1, clientMsgId: '' }), base({ ID: 'm2', sequence: 2, clientMsgId: '' })],
      true,
    );
    const held = useChatStore.getState().byConv.C2Cpeer!;
    expect(held.messages.map((m) => [m.ID, m.isRevoked])).toEqual([
      ['m1', false],
      ['m2', true],
      ['m3', false],
    ]);
    expect(held.isCompleted).toBe(true);
    // Once the server's latest page is held, a late device copy changes nothing.
    store.latest('C2Cpeer', [base({ ID: 'm3', sequence: 3, clientMsgId: '' })], false);
    const before = useChatStore.getState().byConv.C2Cpeer;
    store.fromCache('C2Cpeer', [base({ ID: 'm0', sequence: 0, clientMsgId: '' })], true);
    expect(useChatStore.getState().byConv.C2Cpeer).toBe(before);
  });

  it('a latest page that does not join the held messages replaces them (nothing is shown with a gap)', () => {
    const store = useChatStore.getState();
    store.fromCache('C2Cpeer', [base({ ID: 'old', sequence: 3, clientMsgId: '' })], false);
    store.latest(
      'C2Cpeer',
      [base({ ID: 'n1', sequence: 50, clientMsgId: '' }), base({ ID: 'n2', sequence: 51, clientMsgId: '' })],
      false,
    );
    expect(useChatStore.getState().byConv.C2Cpeer!.messages.map((m) => m.ID)).toEqual(['n1', 'n2']);
    store.latest(
      'C2Cpeer',
      [base({ ID: 'n2', sequence: 51, clientMsgId: '' }), base({ ID: 'n3', sequence: 52, clientMsgId: '' })],
      false,
    );
    expect(useChatStore.getState().byConv.C2Cpeer!.messages.map((m) => m.ID)).toEqual(['n1', 'n2', 'n3']);
  });

  it('an older copy does not undo a revoke, a read receipt or a delete (out-of-order copies)', () => {
    const stored = mergeMessages(
      [],
      [base({ ID: 'm1' }), base({ ID: 'm2', clientMsgId: 'c2', sequence: 2 })],
    );
    const revoked = base({ ID: 'm1', isRevoked: true, revoker: 'me', payload: {} });
    const read = base({
      ID: 'm2',
      clientMsgId: 'c2',
      sequence: 2,
      isPeerRead: true,
      readReceiptInfo: { readCount: 1, unreadCount: 0, isPeerRead: true },
    });
    const deleted = new Set<string>();
    const updated = mergeMessages(stored, [revoked, read], deleted);
    // A history page read before those changes lands after them.
    const page = mergeMessages(
      updated,
      [base({ ID: 'm1' }), base({ ID: 'm2', clientMsgId: 'c2', sequence: 2 })],
      deleted,
    );
    expect(page.map((m) => [m.ID, m.isRevoked, m.isPeerRead, m.readReceiptInfo.isPeerRead])).toEqual([
      ['m1', true, false, false],
      ['m2', false, true, true],
    ]);
    expect(page[0]!.payload).toEqual({});

    const afterDelete = mergeMessages(
      page,
      [base({ ID: 'm2', clientMsgId: 'c2', sequence: 2, isDeleted: true })],
      deleted,
    );
    expect(afterDelete.map((m) => m.ID)).toEqual(['m1']);
    expect(
      mergeMessages(afterDelete, [base({ ID: 'm2', clientMsgId: 'c2', sequence: 2 })], deleted).map(
        (m) => m.ID,
      ),
    ).toEqual(['m1']);
    // A newer copy still replaces the held one.
    const edited = mergeMessages(
      page,
      [base({ ID: 'm2', clientMsgId: 'c2', sequence: 2, payload: { text: '新的' } })],
      new Set(),
    );
    expect(edited[1]!.payload).toEqual({ text: '新的' });
  });
});
