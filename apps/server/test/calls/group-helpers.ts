import type { CallInfo, CallUpdated, GroupCallRecord, Message } from '@parley/protocol';
import { api, type Frame, type TestServer, type TestUser } from '../helpers.js';
import { createGroup, newUser } from '../groups/helpers.js';
import { openTab, type Ack, type Tab } from './helpers.js';

export { createGroup, newUser };

/** A refusal as an ack carries it: the catalogue code and text. */
export const refusal = (e: { code: number; msg: string }) => ({ code: e.code, msg: e.msg });

/** The next `call.updated` with this action about `who` (a group call names the member it concerns). */
export async function updatedAbout(tab: Tab, action: number, who: TestUser): Promise<CallUpdated> {
  const f = await tab.socket.next(
    (fr: Frame) =>
      fr.type === 'call.updated' &&
      (fr.data as CallUpdated).action === action &&
      (fr.data as CallUpdated).userID === who.wtId,
  );
  return f.data as CallUpdated;
}

/** The next `call.group` about the group (the join banner's record, null once the call ended). */
export async function groupChanged(tab: Tab, groupID: string, pred: (c: GroupCallRecord | null) => boolean) {
  const f = await tab.socket.next((fr: Frame) => {
    if (fr.type !== 'call.group') return false;
    const d = fr.data as { groupID: string; call: GroupCallRecord | null };
    return d.groupID === groupID && pred(d.call);
  });
  return (f.data as { call: GroupCallRecord | null }).call;
}

export const groupCall = (tab: Tab, groupID: string, invitees: TestUser[], type: 1 | 2 = 2) =>
  tab.send('call.groupCall', { v: 1, groupID, type, userIDList: invitees.map((u) => u.wtId) });

export const joinCall = (tab: Tab, groupID: string, roomID: number, type: 1 | 2 = 2) =>
  tab.send('call.joinInGroupCall', { v: 1, groupID, roomID, type });

export const inviteMore = (tab: Tab, callId: string, invitees: TestUser[]) =>
  tab.send('call.inviteUser', { v: 1, callId, userIDList: invitees.map((u) => u.wtId) });

export const stateOf = (call: CallInfo, who: TestUser) =>
  call.members.find((m) => m.wtId === who.wtId)?.state;

/** Up to 11 of something, for destructuring (a group's people and their tabs, owner first). */
type Eleven<T> = [T, T, T, T, T, T, T, T, T, T, T];

/** A group of `n` members besides the owner, and a tab for each of them (owner first). */
export async function groupWithTabs(t: TestServer, prefix: string, n: number) {
  const owner = await newUser(t, `${prefix}_o`);
  const members: TestUser[] = [];
  for (let i = 0; i < n; i += 1) members.push(await newUser(t, `${prefix}_${i}`));
  const group = await createGroup(t, owner, members);
  const users = [owner, ...members];
  const tabs: Tab[] = [];
  for (const u of users) tabs.push(await openTab(t, u));
  return {
    group,
    users: users as Eleven<TestUser>,
    tabs: tabs as Eleven<Tab>,
    close: () => tabs.forEach((tab) => tab.close()),
  };
}

export const groupInfo = async (t: TestServer | string, user: TestUser, groupID: string) =>
  api<{ call: GroupCallRecord | null }>(t, 'POST', '/call/groupCall/info', {
    token: user.token,
    body: { groupID },
  });

/** The call cards in the group's chat as `user` sees them (`data` parsed). */
export async function groupCallCards(t: TestServer | string, user: TestUser, groupID: string) {
  const res = await api<{ messages: Message[] }>(t, 'POST', '/message/history', {
    token: user.token,
    body: { conversationID: `GROUP${groupID}`, count: 100 },
  });
  return res.data.messages
    .filter((m) => m.type === 'custom')
    .map((m) => ({ ...m, card: JSON.parse((m.payload as { data: string }).data) as Record<string, unknown> }))
    .filter((m) => m.card.businessID === 'call');
}

export type { Ack, Tab };
