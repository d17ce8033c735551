import { expect, it } from 'vitest';
import { CallAction, type CallSignal, type CallUpdated } from '@parley/protocol';
import { api } from '../helpers.js';
import { befriend, userOn } from '../messaging/helpers.js';
import { useTwoNodes } from '../messaging/two-nodes.js';
import { openTab, type Tab } from './helpers.js';
import { describeWithServices } from '../services.js';

// Two server processes sharing PostgreSQL and Redis: a call placed on one node rings tabs on both,
// is accepted on the other, relays SDP across the bus, and times out exactly once.
describeWithServices(['DATABASE_URL', 'REDIS_URL'], 'calls across two nodes', () => {
  const { nodes, sockets: tabs } = useTwoNodes('2c', {
    CALL_INVITE_TIMEOUT_MS: '1500',
    CALL_SWEEP_MS: '200',
  });

  it('rings tabs on both nodes, is accepted on the other node, relays SDP; a timeout ends it once', async () => {
    const a = await userOn(nodes.a.baseUrl, 'c2nA');
    const b = await userOn(nodes.a.baseUrl, 'c2nB');
    await befriend(nodes.a.baseUrl, a, b);
    const ta = await openTab(nodes.a.baseUrl, a);
    const tb1 = await openTab(nodes.a.baseUrl, b);
    const tb2 = await openTab(nodes.b.baseUrl, b);
    tabs.push(ta, tb1, tb2);

    const { data: call } = await ta.send('call.invite', { v: 1, userID: b.wtId, type: 2 });
    expect((await tb1.updated(CallAction.invite)).call.callId).toBe(call.callId);
    expect((await tb2.updated(CallAction.invite)).call.callId).toBe(call.callId);
    const accepted = await tb2.send('call.accept', { v: 1, callId: call.callId });
    expect(accepted.data).toMatchObject({ status: 'connected', connectionId: tb2.connectionId });
    expect((await ta.updated(CallAction.accept)).call.status).toBe('connected');
    expect((await tb1.updated(CallAction.accept)).call.connectionId).toBe(tb2.connectionId);
    const sdp = 'v=0\r\ns=-\r\n';
    expect((await ta.send('call.signal', { v: 1, callId: call.callId, kind: 'offer', sdp })).code).toBe(200);
    expect((await tb2.socket.next((f) => f.type === 'call.signal')).data as CallSignal).toMatchObject({
      sdp,
    });
    await tb2.send('call.hangup', { v: 1, callId: call.callId });
    await ta.updated(CallAction.hangup);

    // Unanswered: both nodes sweep, one of them ends it; one card, one timeout per tab.
    const { data: second } = await ta.send('call.invite', { v: 1, userID: b.wtId, type: 1 });
    expect((await ta.updated(CallAction.timeout)).call.callId).toBe(second.callId);
    expect((await tb1.updated(CallAction.timeout)).call.callId).toBe(second.callId);
    expect((await tb2.updated(CallAction.timeout)).call.callId).toBe(second.callId);
    const current = await api<{ call: unknown }>(nodes.b.baseUrl, 'GET', '/call/current', { token: a.token });
    expect(current.data.call).toBeNull();
    // A later call that times out too: by its timeout both nodes have swept again since the second
    // one ended, so a second timeout or card of the second call would have come before it.
    const { data: third } = await ta.send('call.invite', { v: 1, userID: b.wtId, type: 1 });
    expect((await ta.updated(CallAction.timeout)).call.callId).toBe(third.callId);
    expect((await tb1.updated(CallAction.timeout)).call.callId).toBe(third.callId);
    expect((await tb2.updated(CallAction.timeout)).call.callId).toBe(third.callId);
    const timeouts = (tab: Tab) =>
      tab.socket.frames
        .filter((f) => f.type === 'call.updated' && (f.data as CallUpdated).action === CallAction.timeout)
        .map((f) => (f.data as CallUpdated).call.callId);
    for (const tab of [ta, tb1, tb2]) expect(timeouts(tab)).toEqual([second.callId, third.callId]);
    const history = await api<{ messages: { payload: { data: string } }[] }>(
      nodes.b.baseUrl,
      'POST',
      '/message/history',
      {
        token: a.token,
        body: { conversationID: `C2C${b.wtId}`, count: 50 },
      },
    );
    const cards = history.data.messages
      .map(
        (m) =>
          JSON.parse(m.payload.data ?? '{}') as { businessID?: string; callId?: string; result?: string },
      )
      .filter((c) => c.businessID === 'call');
    expect(cards.map((c) => [c.callId, c.result])).toEqual([
      [call.callId, 'answered'],
      [second.callId, 'missed'],
      [third.callId, 'missed'],
    ]);
  });
});
