import { CallAction, CallLimits, type CallInfo } from '@parley/protocol';
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
 * After the socket came back (a new connection ID): pings until the server hands the call to this
 * connection (once the old one has been silent 8 s), then a connected one-to-one caller restarts ICE.
 */
export async function resumeCall(h: ResumeHooks): Promise<void> {
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
