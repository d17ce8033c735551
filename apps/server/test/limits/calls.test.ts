import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallLimits, type CallSignal } from '@parley/protocol';
import { FakeClock, startTestServer, type TestServer } from '../helpers.js';
import { befriend, invite, newUser, openTab, type Tab } from '../calls/helpers.js';

// Call signalling limits at their boundary: an ICE candidate of CallLimits.maxCandidate characters
// and an SDP of CallLimits.maxSdp are relayed; one character more is refused, nothing relayed.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ callSweepMs: 0 }, new FakeClock());
});
afterAll(() => t.close());

async function connected(): Promise<{ ta: Tab; tb: Tab; callId: string }> {
  const a = await newUser(t, 'sig_a');
  const b = await newUser(t, 'sig_b');
  await befriend(t, a, b);
  const ta = await openTab(t, a);
  const tb = await openTab(t, b);
  const ack = await invite(ta, b, 2);
  expect(ack.code).toBe(200);
  expect((await tb.send('call.accept', { v: 1, callId: ack.data.callId })).code).toBe(200);
  return { ta, tb, callId: ack.data.callId };
}

describe('call signalling sizes', () => {
  it(`an ICE candidate of ${CallLimits.maxCandidate} characters`, async () => {
    const { ta, tb, callId } = await connected();
    try {
      const candidate = (length: number) => ({
        candidate: `candidate:${'1'.repeat(length - 'candidate:'.length)}`,
        sdpMid: '0',
        sdpMLineIndex: 0,
      });
      const signal = (c: ReturnType<typeof candidate>) =>
        ta.send('call.signal', { v: 1, callId, kind: 'candidate', candidate: c });
      expect(await signal(candidate(CallLimits.maxCandidate + 1))).toMatchObject({
        code: 400,
        msg: '网络候选地址过长',
      });
      const at = candidate(CallLimits.maxCandidate);
      expect((await signal(at)).code).toBe(200);
      // The one relayed is the one at the limit.
      const got = await tb.socket.next((f) => f.type === 'call.signal');
      expect((got.data as CallSignal).candidate).toEqual(at);
    } finally {
      ta.close();
      tb.close();
    }
  });

  it(`an SDP of ${CallLimits.maxSdp} characters`, async () => {
    const { ta, tb, callId } = await connected();
    try {
      const sdp = (length: number) => `v=0\r\n${'a'.repeat(length - 5)}`;
      const signal = (s: string) => ta.send('call.signal', { v: 1, callId, kind: 'offer', sdp: s });
      expect(await signal(sdp(CallLimits.maxSdp + 1))).toMatchObject({ code: 400, msg: '媒体描述过长' });
      expect((await signal(sdp(CallLimits.maxSdp))).code).toBe(200);
      const got = await tb.socket.next((f) => f.type === 'call.signal');
      expect((got.data as CallSignal).sdp).toHaveLength(CallLimits.maxSdp);
    } finally {
      ta.close();
      tb.close();
    }
  });
});
