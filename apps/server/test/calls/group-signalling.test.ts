import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallAction, Errors } from '@parley/protocol';
import { FakeClock, startTestServer, type TestServer } from '../helpers.js';
import { must } from '../groups/helpers.js';
import { befriend, invite, openTab } from './helpers.js';
import {
  groupCall,
  groupCallCards,
  groupChanged,
  groupInfo,
  groupWithTabs,
  inviteMore,
  joinCall,
  newUser,
  refusal,
  stateOf,
  updatedAbout,
} from './group-helpers.js';

/**
 * Group-call signalling over real sockets and a real database (fake clock; sweeps by hand): one call
 * per group, each member's part moved through the call machine's member table.
 */
describe('group call signalling', () => {
  let t: TestServer;
  const clock = new FakeClock();
  const sweep = () => t.server.modules.calls.service.sweep();

  beforeAll(async () => {
    t = await startTestServer(
      { callSweepMs: 0, callInviteTimeoutMs: 30_000, callReconnectGraceMs: 20_000 },
      clock,
    );
  });
  afterAll(() => t?.close());

  it('invite: each invitee rings; one accepts (connected), one rejects, one times out; a bystander sees the banner', async () => {
    const g = await groupWithTabs(t, 'gpart', 4);
    const [a, b, c, d] = g.users;
    const [ta, tb, tc, td, te] = g.tabs;
    const started = await groupCall(ta, g.group.groupID, [b, c, d]);
    expect(started.code).toBe(200);
    expect(started.data).toMatchObject({
      status: 'ringing',
      role: 'caller',
      groupID: g.group.groupID,
      mediaType: 2,
    });
    expect(started.data.members.map((m) => [m.wtId, m.state])).toEqual([
      [a.wtId, 'joined'],
      [b.wtId, 'ringing'],
      [c.wtId, 'ringing'],
      [d.wtId, 'ringing'],
    ]);
    const callId = started.data.callId;
    const rung = await updatedAbout(tb, CallAction.invite, b);
    expect(rung.call).toMatchObject({ callId, role: 'callee', status: 'ringing', connectionId: null });
    expect(rung.call.caller.wtId).toBe(a.wtId);
    await updatedAbout(tc, CallAction.invite, c);
    await updatedAbout(td, CallAction.invite, d);
    // Everyone in the group learns the call exists (the join banner), with who is on it.
    expect((await groupChanged(te, g.group.groupID, (x) => x !== null))?.userList.map((u) => u.wtId)).toEqual(
      [a.wtId],
    );

    const accepted = await tb.send('call.accept', { v: 1, callId });
    expect(accepted.data).toMatchObject({ status: 'connected', connectionId: tb.connectionId });
    expect((await updatedAbout(ta, CallAction.accept, b)).call.status).toBe('connected');
    const banner = await groupChanged(te, g.group.groupID, (x) => (x?.userList.length ?? 0) === 2);
    expect(banner).toMatchObject({ callId, roomIdType: 1, callMediaType: 2, roomID: started.data.roomID });

    expect((await tc.send('call.reject', { v: 1, callId })).data).toMatchObject({ status: 'connected' });
    const rejected = await updatedAbout(ta, CallAction.reject, c);
    expect(stateOf(rejected.call, c)).toBe('rejected');

    clock.advance(30_000);
    // The joined keep pinging; only the unanswered ring is over.
    await ta.send('call.ping', { v: 1, callId });
    await tb.send('call.ping', { v: 1, callId });
    expect(await sweep()).toBe(1);
    const timedOut = await updatedAbout(ta, CallAction.timeout, d);
    expect(stateOf(timedOut.call, d)).toBe('timeout');
    expect(timedOut.call.status).toBe('connected');
    expect(await td.send('call.accept', { v: 1, callId })).toMatchObject(refusal(Errors.callStateChanged));
    g.close();
  });

  it('busy: an invitee on another call is marked busy and the caller told; the call ends when nobody else can answer', async () => {
    const g = await groupWithTabs(t, 'gbusy', 1);
    const [, b] = g.users;
    const [ta, tb] = g.tabs;
    const friend = await newUser(t, 'gbusy_f');
    await befriend(t, b, friend);
    const tf = await openTab(t, friend);
    const oneToOne = await invite(tb, friend);
    expect(oneToOne.code).toBe(200);

    const started = await groupCall(ta, g.group.groupID, [b]);
    expect(started.code).toBe(200);
    expect(started.data).toMatchObject({ status: 'ended', endReason: 'busy' });
    expect(stateOf(started.data, b)).toBe('busy');
    const busy = await updatedAbout(ta, CallAction.busy, b);
    expect(busy.call.status).toBe('ended');
    // And someone ringing in a group call is busy for a one-to-one call.
    await tb.send('call.cancel', { v: 1, callId: oneToOne.data.callId });
    const again = await groupCall(ta, g.group.groupID, [b]);
    expect(stateOf(again.data, b)).toBe('ringing');
    expect((await invite(tf, b)).data).toMatchObject({ status: 'ended', endReason: 'busy' });
    tf.close();
    g.close();
  });

  it('join ongoing from the banner: members only, the right room, while idle; a ringing member joining is an accept', async () => {
    const g = await groupWithTabs(t, 'gjoin', 4);
    const [a, b, c, d, e] = g.users;
    const [ta, tb, tc, td, te] = g.tabs;
    const started = await groupCall(ta, g.group.groupID, [b, c]);
    const { callId, roomID } = started.data;
    await tb.send('call.accept', { v: 1, callId });

    const info = await groupInfo(t, d, g.group.groupID);
    expect(info.data.call).toMatchObject({ callId, roomID, roomIdType: 1, callMediaType: 2 });
    expect(info.data.call?.userList.map((u) => u.wtId)).toEqual([a.wtId, b.wtId]);

    expect(await joinCall(td, g.group.groupID, roomID + 1)).toMatchObject(refusal(Errors.groupCallNotFound));
    const joined = await joinCall(td, g.group.groupID, roomID);
    expect(joined.data).toMatchObject({ status: 'connected', connectionId: td.connectionId, role: 'callee' });
    expect(stateOf(joined.data, d)).toBe('joined');
    expect(stateOf((await updatedAbout(ta, CallAction.accept, d)).call, d)).toBe('joined');
    expect(await joinCall(td, g.group.groupID, roomID)).toMatchObject(refusal(Errors.groupCallAlreadyIn));

    // Still ringing, c joins from the banner instead: the same as accepting.
    const fromBanner = await joinCall(tc, g.group.groupID, roomID);
    expect(stateOf(fromBanner.data, c)).toBe('joined');
    expect(
      (await updatedAbout(tb, CallAction.accept, c)).call.members.filter((m) => m.state === 'joined').length,
    ).toBe(4);

    // Someone on another call cannot join.
    const other = await newUser(t, 'gjoin_x');
    await befriend(t, e, other);
    expect((await invite(te, other)).code).toBe(200);
    expect(await joinCall(te, g.group.groupID, roomID)).toMatchObject(refusal(Errors.alreadyOnCall));
    g.close();
  });

  it('the 10th participant is refused; more than 8 invited at once is refused', async () => {
    const g = await groupWithTabs(t, 'gfull', 10);
    const [, ...others] = g.users;
    const [ta, ...tabs] = g.tabs;
    expect(await groupCall(ta!, g.group.groupID, others.slice(0, 9))).toMatchObject(
      refusal(Errors.groupCallInviteLimit),
    );
    const started = await groupCall(ta!, g.group.groupID, others.slice(0, 8));
    expect(started.code).toBe(200);
    for (const tab of tabs.slice(0, 8)) {
      expect((await tab.send('call.accept', { v: 1, callId: started.data.callId })).code).toBe(200);
    }
    expect(await joinCall(tabs[8]!, g.group.groupID, started.data.roomID)).toMatchObject(
      refusal(Errors.groupCallFull),
    );
    expect(await inviteMore(tabs[0]!, started.data.callId, [others[8]!])).toMatchObject(
      refusal(Errors.groupCallFull),
    );
    // One leaves: now the 9th may join.
    await tabs[7]!.send('call.hangup', { v: 1, callId: started.data.callId });
    expect((await joinCall(tabs[8]!, g.group.groupID, started.data.roomID)).code).toBe(200);
    g.close();
  });

  it('one call per group; invitations follow the rules (only the caller while ringing, members, not twice, someone)', async () => {
    const g = await groupWithTabs(t, 'gone', 4);
    const [a, b, c, d, e] = g.users;
    const [ta, tb, tc] = g.tabs;
    const started = await groupCall(ta, g.group.groupID, [b, c]);
    const callId = started.data.callId;
    expect(await groupCall(g.tabs[3]!, g.group.groupID, [e])).toMatchObject(refusal(Errors.groupCallExists));

    // While ringing, an invitee may not invite; the caller may.
    expect(await inviteMore(tb, callId, [d])).toMatchObject(refusal(Errors.groupCallInviteForbidden));
    expect(await inviteMore(ta, callId, [b])).toMatchObject(refusal(Errors.groupCallAlreadyIn));
    expect(await inviteMore(ta, callId, [])).toMatchObject(refusal(Errors.groupCallNoInvitee));
    const stranger = await newUser(t, 'gone_s');
    expect(await inviteMore(ta, callId, [stranger])).toMatchObject(refusal(Errors.groupCallInviteeNotMember));
    expect(await groupCall(ta, g.group.groupID, [])).toMatchObject(refusal(Errors.groupCallExists));

    // Connected: anyone joined may invite.
    await tb.send('call.accept', { v: 1, callId });
    const more = await inviteMore(tb, callId, [d]);
    expect(more.code).toBe(200);
    expect(stateOf(more.data, d)).toBe('ringing');
    await updatedAbout(g.tabs[3]!, CallAction.invite, d);
    // Someone outside the call (rejected) cannot invite.
    await tc.send('call.reject', { v: 1, callId });
    expect(await inviteMore(tc, callId, [e])).toMatchObject(refusal(Errors.callNotFound));
    expect(a).toBeDefined();
    g.close();
  });

  it('non-members are refused; a member removed from the group leaves the call and cannot come back', async () => {
    const g = await groupWithTabs(t, 'gout', 2);
    const [a, b, c] = g.users;
    const [ta, tb, tc] = g.tabs;
    const stranger = await newUser(t, 'gout_s');
    const ts = await openTab(t, stranger);
    expect(await groupCall(ts, g.group.groupID, [a])).toMatchObject(refusal(Errors.groupCallNotMember));
    expect(await groupCall(ts, 'nosuchgroup', [a])).toMatchObject(refusal(Errors.groupNotFound));
    expect(await groupInfo(t, stranger, g.group.groupID)).toMatchObject(Errors.groupCallNotMember);

    const started = await groupCall(ta, g.group.groupID, [b, c]);
    const { callId, roomID } = started.data;
    expect(await joinCall(ts, g.group.groupID, roomID)).toMatchObject(refusal(Errors.groupCallNotMember));
    expect(await ts.send('call.accept', { v: 1, callId })).toMatchObject(refusal(Errors.callNotFound));
    await tb.send('call.accept', { v: 1, callId });

    await must(t, a, '/user/groupchat/member/remove', {
      groupNumber: g.group.groupNumber,
      wtIds: [b.wtId, c.wtId],
    });
    const removed = await updatedAbout(tb, CallAction.hangup, b);
    expect(stateOf(removed.call, b)).toBe('left');
    expect(stateOf((await updatedAbout(tc, CallAction.cancel, c)).call, c)).toBe('canceled');
    expect(await joinCall(tb, g.group.groupID, roomID)).toMatchObject(refusal(Errors.groupCallNotMember));
    // The caller is alone but the call goes on until they leave.
    const info = await groupInfo(t, a, g.group.groupID);
    expect(info.data.call?.userList.map((u) => u.wtId)).toEqual([a.wtId]);
    ts.close();
    g.close();
  });

  it('leaving does not end the call for the others; the last leave ends it and posts the card', async () => {
    const g = await groupWithTabs(t, 'glast', 3);
    const [a, b, c, d] = g.users;
    const [ta, tb, tc, td] = g.tabs;
    const started = await groupCall(ta, g.group.groupID, [b, c, d], 1);
    const callId = started.data.callId;
    await tb.send('call.accept', { v: 1, callId });
    await tc.send('call.accept', { v: 1, callId });
    await td.send('call.reject', { v: 1, callId });
    clock.advance(65_000);

    const left = await ta.send('call.hangup', { v: 1, callId });
    expect(left.data).toMatchObject({ status: 'connected' });
    expect(stateOf(left.data, a)).toBe('left');
    expect(stateOf((await updatedAbout(tb, CallAction.hangup, a)).call, a)).toBe('left');
    await tb.send('call.hangup', { v: 1, callId });
    clock.advance(5_000);
    const ended = await tc.send('call.hangup', { v: 1, callId });
    expect(ended.data).toMatchObject({ status: 'ended', endReason: 'hangup' });
    expect(await groupChanged(g.tabs[3]!, g.group.groupID, (x) => x === null)).toBeNull();
    expect((await groupInfo(t, d, g.group.groupID)).data.call).toBeNull();

    const cards = await groupCallCards(t, d, g.group.groupID);
    expect(cards.length).toBe(1);
    expect(cards[0]!.card).toMatchObject({
      callId,
      callMediaType: 1,
      result: 'answered',
      duration: 70,
      groupID: g.group.groupID,
      inviteeList: [b.wtId, c.wtId, d.wtId],
    });
    expect(cards[0]!.from).toBe(a.wtId);

    // The caller alone hanging up before anyone answered cancels it.
    const second = await groupCall(ta, g.group.groupID, [b]);
    const canceled = await ta.send('call.cancel', { v: 1, callId: second.data.callId });
    expect(canceled.data).toMatchObject({ status: 'ended', endReason: 'cancel' });
    expect(stateOf((await updatedAbout(tb, CallAction.cancel, a)).call, b)).toBe('canceled');
    const last = (await groupCallCards(t, a, g.group.groupID)).at(-1)!;
    expect(last.card).toMatchObject({ result: 'canceled', duration: 0, inviteeList: [b.wtId] });
    g.close();
  });
});
