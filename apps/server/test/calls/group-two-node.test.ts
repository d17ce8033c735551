import { expect, it } from 'vitest';
import { CallAction, type CallUpdated, type GroupInfo } from '@parley/protocol';
import { befriend, post, userOn } from '../messaging/helpers.js';
import { useTwoNodes } from '../messaging/two-nodes.js';
import { openTab, type Tab } from './helpers.js';
import { groupCallCards, groupChanged, stateOf, updatedAbout } from './group-helpers.js';
import { describeWithServices } from '../services.js';

// Two server processes sharing PostgreSQL and Redis: a group call started on one node rings a member
// on the other, the group's members on both nodes see who is on it, a ring times out exactly once,
// and the last leave posts one card.
describeWithServices(['DATABASE_URL', 'REDIS_URL'], 'group calls across two nodes', () => {
  const { nodes, sockets: tabs } = useTwoNodes('2g', {
    CALL_INVITE_TIMEOUT_MS: '1500',
    CALL_SWEEP_MS: '200',
  });

  it('rings and connects across nodes, shows the banner on both, times a ring out once, posts one card', async () => {
    const a = await userOn(nodes.a.baseUrl, 'g2nA');
    const b = await userOn(nodes.a.baseUrl, 'g2nB');
    const c = await userOn(nodes.a.baseUrl, 'g2nC');
    await befriend(nodes.a.baseUrl, a, b);
    await befriend(nodes.a.baseUrl, a, c);
    const created = await post<GroupInfo>(nodes.a.baseUrl, a, '/user/groupchat/add', {
      groupName: '两个节点',
      wtIds: [b.wtId, c.wtId],
    });
    expect(created.code).toBe(200);
    const groupID = created.data.groupID;
    const ta = await openTab(nodes.a.baseUrl, a);
    const tb = await openTab(nodes.b.baseUrl, b);
    const tc = await openTab(nodes.b.baseUrl, c);
    tabs.push(ta, tb, tc);

    const started = await ta.send('call.groupCall', { v: 1, groupID, type: 2, userIDList: [b.wtId] });
    expect(started.code).toBe(200);
    const callId = started.data.callId;
    expect((await updatedAbout(tb, CallAction.invite, b)).call.callId).toBe(callId);
    expect((await tb.send('call.accept', { v: 1, callId })).data).toMatchObject({ status: 'connected' });
    expect(stateOf((await updatedAbout(ta, CallAction.accept, b)).call, b)).toBe('joined');
    const onB = await groupChanged(tc, groupID, (x) => (x?.userList.length ?? 0) === 2);
    expect(onB?.userList.map((u) => u.wtId)).toEqual([a.wtId, b.wtId]);

    // c (on node B) is invited by b and never answers: both nodes sweep, one times the ring out.
    expect((await tb.send('call.inviteUser', { v: 1, callId, userIDList: [c.wtId] })).code).toBe(200);
    await updatedAbout(tc, CallAction.invite, c);
    expect(stateOf((await updatedAbout(ta, CallAction.timeout, c)).call, c)).toBe('timeout');
    await updatedAbout(tc, CallAction.timeout, c);

    await ta.send('call.hangup', { v: 1, callId });
    await updatedAbout(tb, CallAction.hangup, a);
    expect((await tb.send('call.hangup', { v: 1, callId })).data).toMatchObject({ status: 'ended' });
    expect(await groupChanged(tc, groupID, (x) => x === null)).toBeNull();
    const timeouts = (tab: Tab) =>
      tab.socket.frames.filter(
        (f) => f.type === 'call.updated' && (f.data as CallUpdated).action === CallAction.timeout,
      ).length;
    expect([timeouts(ta), timeouts(tb), timeouts(tc)]).toEqual([1, 1, 1]);
    const cards = await groupCallCards(nodes.b.baseUrl, c, groupID);
    expect(cards.map((m) => [m.card.callId, m.card.result])).toEqual([[callId, 'answered']]);
  });
});
