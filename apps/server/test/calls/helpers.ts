import type { CallInfo, CallUpdated, Message } from '@parley/protocol';
import { api, openSocket, type Frame, type TestServer, type TestSocket, type TestUser } from '../helpers.js';

export { newUser, befriend } from '../friends/helpers.js';

export interface Ack<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** One tab of a user: a socket with its connection ID and a way to send frames and await their acks. */
export interface Tab {
  socket: TestSocket;
  connectionId: string;
  send<T = CallInfo>(type: string, data: unknown): Promise<Ack<T>>;
  /** The next `call.updated` with this action (not returned before). */
  updated(action: number): Promise<CallUpdated>;
  close(): void;
}

let frameId = 0;

export async function openTab(t: TestServer | string, user: TestUser): Promise<Tab> {
  const socket = await openSocket(t, user.token);
  const hello = await socket.next((f) => f.type === 'hello');
  const connectionId = (hello.data as { connectionId: string }).connectionId;
  return {
    socket,
    connectionId,
    async send<T>(type: string, data: unknown) {
      frameId += 1;
      const id = `c${frameId}`;
      socket.send({ id, type, data });
      const ack = await socket.next((f) => f.type === 'ack' && (f as { id?: string }).id === id);
      return ack as unknown as Ack<T>;
    },
    async updated(action: number) {
      const f = await socket.next(
        (fr: Frame) => fr.type === 'call.updated' && (fr.data as CallUpdated).action === action,
      );
      return f.data as CallUpdated;
    },
    close: () => socket.close(),
  };
}

export const invite = (tab: Tab, callee: TestUser, type: 1 | 2 = 2) =>
  tab.send('call.invite', { v: 1, userID: callee.wtId, type });

/** The call cards in `user`'s chat with `peer` (their `data` parsed). */
export async function callCards(t: TestServer, user: TestUser, peer: TestUser) {
  const res = await api<{ messages: Message[] }>(t, 'POST', '/message/history', {
    token: user.token,
    body: { conversationID: `C2C${peer.wtId}`, count: 100 },
  });
  return res.data.messages
    .filter((m) => m.type === 'custom')
    .map((m) => ({ ...m, card: JSON.parse((m.payload as { data: string }).data) as Record<string, unknown> }))
    .filter((m) => m.card.businessID === 'call');
}
