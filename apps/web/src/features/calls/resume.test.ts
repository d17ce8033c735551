import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallInfo } from '@parley/protocol';

const api = vi.hoisted(() => ({ call: vi.fn() }));
const realtime = vi.hoisted(() => ({ socket: { send: vi.fn() } }));
vi.mock('../../lib/api', () => api);
vi.mock('../../lib/realtime', () => realtime);

import { resumeCall } from './resume';
import { useCallStore } from './store';

const hooks = (finish = vi.fn()) => ({
  callId: () => 'call-1',
  connectionId: () => 'conn-2',
  link: () => null,
  finish,
});

describe('resuming a call after the socket came back', () => {
  beforeEach(() => {
    api.call.mockReset();
    realtime.socket.send.mockReset();
  });

  it('a ringing invitee asks for its current call instead of pinging, and keeps ringing', async () => {
    useCallStore.setState({ role: 'callee', phase: 'calling' });
    api.call.mockResolvedValue({ call: { callId: 'call-1', status: 'ringing' } as CallInfo });
    const finish = vi.fn();
    await resumeCall(hooks(finish));
    expect(api.call).toHaveBeenCalledWith('calls', 'current', undefined, { silent: true });
    expect(realtime.socket.send).not.toHaveBeenCalled();
    expect(finish).not.toHaveBeenCalled();
  });

  it('a ringing invitee whose call ended meanwhile (or is gone) stops ringing', async () => {
    useCallStore.setState({ role: 'callee', phase: 'calling' });
    for (const answer of [{ call: null }, { call: { callId: 'call-1', status: 'ended' } }]) {
      api.call.mockResolvedValueOnce(answer);
      const finish = vi.fn();
      await resumeCall(hooks(finish));
      expect(finish).toHaveBeenCalledTimes(1);
    }
  });

  it('a connected party pings to take the call over on its new connection', async () => {
    useCallStore.setState({ role: 'callee', phase: 'connected' });
    realtime.socket.send.mockResolvedValue({ status: 'connected', connectionId: 'conn-2', role: 'callee' });
    await resumeCall(hooks());
    expect(realtime.socket.send).toHaveBeenCalledWith(
      'call.ping',
      expect.objectContaining({ callId: 'call-1' }),
    );
    expect(api.call).not.toHaveBeenCalled();
  });
});
