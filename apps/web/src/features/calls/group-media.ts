import type { CallMediaLevels, IceServers } from '@parley/protocol';
import { socket } from '../../lib/realtime';
import { SfuClient, type SfuRemoteTrack } from './sfu';
import { useCallStore, type RemoteMedia } from './store';

const STATS_MS = 1000;
const MEDIA_EVENTS = [
  'call.media.offer',
  'call.media.tracks',
  'call.media.levels',
  'call.media.candidate',
] as const;
const set = useCallStore.setState;
const get = useCallStore.getState;

/** Loss (0–1) → the 1–6 quality scale of the one-to-one link (peer.ts). */
export function qualityOf(loss: number, down: boolean): number {
  if (down) return 6;
  if (loss > 0.2) return 5;
  if (loss > 0.1) return 4;
  if (loss > 0.05) return 3;
  if (loss > 0.01) return 2;
  return 1;
}

/** The remote tracks grouped by person (a person's screen is its own stream). */
export function byPerson(
  all: SfuRemoteTrack[],
  prev: Record<string, RemoteMedia>,
): Record<string, RemoteMedia> {
  const out: Record<string, RemoteMedia> = {};
  for (const t of all) {
    const old = prev[t.publisherId];
    const m = (out[t.publisherId] ??= {
      camera: null,
      mic: null,
      screen: null,
      frames: old?.frames ?? 0,
      audioPackets: old?.audioPackets ?? 0,
      quality: old?.quality ?? 1,
    });
    // The same track keeps its stream (a video element does not restart).
    const before = old?.[t.source];
    m[t.source] = before?.getTracks()[0] === t.track ? before : new MediaStream([t.track]);
  }
  return out;
}

/**
 * A group call's media for the call engine: the SFU client (sfu/sfu-client.ts) over this tab's
 * socket (`call.media.*`), the remote people's streams, speaking levels and per-person statistics
 * into the call store. One per joined call; `close` ends it.
 */
export class GroupMedia {
  readonly client: SfuClient;
  private readonly offs: (() => void)[] = [];
  private statsTimer: ReturnType<typeof setInterval> | null = null;

  constructor(callId: string, ice: IceServers | null) {
    this.client = new SfuClient({ callId, ice, send: (type, data) => socket.send(type, data) });
    for (const type of MEDIA_EVENTS) this.offs.push(socket.on(type, (d) => this.client.receive(type, d)));
    this.offs.push(this.client.onTracks((all) => set({ remote: byPerson(all, get().remote) })));
    this.offs.push(this.client.onLevels((levels) => set({ levels: withLevels(get().levels, levels) })));
  }

  /** Publishes the microphone and camera that are on, and starts receiving everyone else. */
  async start(stream: MediaStream): Promise<void> {
    const live = new MediaStream(stream.getTracks().filter((t) => t.enabled));
    await this.client.publish(live);
    this.statsTimer = setInterval(() => void this.readStats(), STATS_MS);
  }

  /** A device turned on or off: the others see its track come or go (their tile's marks follow). */
  send(source: 'mic' | 'camera', track: MediaStreamTrack | null): Promise<void> {
    return this.client.replace(source, track);
  }

  close(): void {
    if (this.statsTimer) clearInterval(this.statsTimer);
    for (const off of this.offs.splice(0)) off();
    this.client.close();
  }

  private async readStats(): Promise<void> {
    const { publish, subscribe } = await this.client
      .getStats()
      .catch(() => ({ publish: null, subscribe: null }));
    const owner = new Map(this.client.remoteTracks().map((t) => [t.track.id, t.publisherId]));
    const sums = new Map<string, { frames: number; audio: number; lost: number; got: number }>();
    subscribe?.forEach((r: Record<string, unknown>) => {
      if (r.type !== 'inbound-rtp') return;
      const who = owner.get(String(r.trackIdentifier ?? ''));
      if (!who) return;
      const sum = sums.get(who) ?? { frames: 0, audio: 0, lost: 0, got: 0 };
      if (r.kind === 'video') sum.frames += Number(r.framesDecoded ?? 0);
      else sum.audio += Number(r.packetsReceived ?? 0);
      sum.lost += Math.max(0, Number(r.packetsLost ?? 0));
      sum.got += Number(r.packetsReceived ?? 0);
      sums.set(who, sum);
    });
    let lost = 0;
    let sent = 0;
    publish?.forEach((r: Record<string, unknown>) => {
      if (r.type === 'remote-inbound-rtp') lost += Math.max(0, Number(r.packetsLost ?? 0));
      if (r.type === 'outbound-rtp') sent += Number(r.packetsSent ?? 0);
    });
    const down = (pc: RTCPeerConnection | null) => pc?.connectionState === 'failed';
    const remote = { ...get().remote };
    let framesDecoded = 0;
    for (const [who, sum] of sums) {
      const m = remote[who];
      if (!m) continue;
      framesDecoded += sum.frames;
      const loss = sum.got + sum.lost > 0 ? sum.lost / (sum.got + sum.lost) : 0;
      remote[who] = {
        ...m,
        frames: sum.frames,
        audioPackets: sum.audio,
        quality: qualityOf(loss, down(this.client.subscriber)),
      };
    }
    const local = qualityOf(sent + lost > 0 ? lost / (sent + lost) : 0, down(this.client.publisher));
    set({
      remote,
      framesDecoded,
      linkState: this.client.publisher.connectionState,
      networkQuality: { local, remote: Math.max(1, ...Object.values(remote).map((m) => m.quality)) },
    });
  }
}

/** New levels over the old ones (someone absent from a report keeps theirs until the next). */
function withLevels(prev: Record<string, number>, levels: CallMediaLevels['levels']): Record<string, number> {
  const out = { ...prev };
  for (const l of levels) out[l.userId] = l.level;
  return out;
}
