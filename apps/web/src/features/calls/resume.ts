import { CallAction, CallLimits, type CallInfo } from '@parley/protocol';
import { call } from '../../lib/api';
import { socket } from '../../lib/realtime';
import type { PeerLink } from './peer';
import { useCallStore } from './store';

const get = useCallStore.getState;

/** What resuming reads and does of the engine. */
export interface ResumeHooks {
  callId(): string | null;
  connectionId(): string;
  link(): PeerLink | null;
  finish(action: number): void;
}

/**
 * A tab still ringing as the invitee has taken no part it could ping (the server refuses its ping):
 * it asks for its current call instead, and keeps ringing while that call still rings it.
 */
async function stillRinging(h: ResumeHooks, id: string): Promise<void> {
  try {
    const { call: c } = await call('calls', 'current', undefined, { silent: true });
    if (!c || c.callId !== id || c.status === 'ended') h.finish(CallAction.hangup);
  } catch {
    // No answer (the server is away): the call's own updates or timeout end the ring.
  }
}

/**
 * After the socket came back (a new connection ID): pings until the server hands the call to this
 * connection (once the old one has been silent 8 s), then a connected one-to-one caller restarts ICE.
 * A ringing invitee only checks that its call still rings (`stillRinging`).
 */
export async function resumeCall(h: ResumeHooks): Promise<void> {
  const ringing = get().role === 'callee' && get().phase === 'calling';
  const id = h.callId();
  if (ringing && id) return stillRinging(h, id);
  for (let attempt = 0; attempt < 10; attempt++) {
    const id = h.callId();
    if (!id) return;
    try {
      const info = await socket.send<CallInfo>('call.ping', { v: CallLimits.version, callId: id });
      if (info.status === 'ended') return h.finish(CallAction.hangup);
      if (info.connectionId === h.connectionId() || info.connectionId === null) {
        const link = h.link();
        if (get().phase !== 'connected' || info.role !== 'caller' || !link) return;
        await link.offer(true);
        useCallStore.setState({ iceRestarts: get().iceRestarts + 1 });
        return;
      }
    } catch {
      return h.finish(CallAction.hangup);
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
}
