import { CallLimits } from '@parley/protocol';
import { socket } from '../../lib/realtime';
import type { PeerLink } from './peer';
import { useCallStore } from './store';

const [PING_MS, STATS_MS] = [5000, 1000];

/**
 * The timers a call runs while this tab holds it: a `call.ping` every 5 s (the server ends a call
 * whose party went silent) and, once connected, the link's statistics every second (frames, route,
 * network quality, the poor-network tip).
 */
export class CallHeartbeat {
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private statsTimer: ReturnType<typeof setInterval> | null = null;

  /** Pings for the call `callId()` names, while it names one. */
  startPing(callId: () => string | null): void {
    if (this.pingTimer) return;
    this.pingTimer = setInterval(() => {
      const id = callId();
      if (id) void socket.send('call.ping', { v: CallLimits.version, callId: id }).catch(() => undefined);
    }, PING_MS);
  }

  /** Reads the statistics of the link `link()` returns into the call store. */
  startStats(link: () => PeerLink | null): void {
    if (this.statsTimer) return;
    this.statsTimer = setInterval(() => {
      void link()
        ?.stats()
        .then(({ framesDecoded, quality, route }) => {
          const { setState, getState } = useCallStore;
          setState({ framesDecoded, route, networkQuality: { local: quality, remote: quality } });
          if (quality >= 4 && !getState().tip) setState({ tip: { key: 'tips.networkPoor' } });
        });
    }, STATS_MS);
  }

  stop(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.statsTimer) clearInterval(this.statsTimer);
    this.pingTimer = this.statsTimer = null;
  }
}
