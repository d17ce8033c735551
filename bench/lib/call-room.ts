/**
 * A synthetic group call in an SFU room (bench/sfu.ts, bench/delivery.ts `--call`): N werift peer
 * connections in this process, each publishing audio (50 packets/s of 120 B) and video (30 packets/s
 * of 1250 B: 300 kbit/s) and subscribing to every other member.
 */
import type { Sfu } from '../../apps/server/src/modules/calls/sfu/sfu.js';
import { WeriftSfu } from '../../apps/server/src/modules/calls/sfu/werift-sfu.js';
import { SfuPeer } from '../../apps/server/test/calls/sfu-peer.js';

/** A room's members sending like a call: audio every 20 ms, video every 33 ms. Answers `stop`. */
export function pump(peers: SfuPeer[]): () => void {
  const audio = setInterval(() => peers.forEach((p) => p.send(40, 120, 'mic')), 20);
  const video = setInterval(() => peers.forEach((p) => p.send(40, 1250, 'camera')), 33);
  return () => {
    clearInterval(audio);
    clearInterval(video);
  };
}

/** Opens room `bench-<index>` with `n` members, each receiving every other member's camera. */
export async function openRoom(sfu: Sfu, index: number, n: number): Promise<SfuPeer[]> {
  const room = `bench-${index}`;
  await sfu.openRoom(room);
  const peers = Array.from({ length: n }, (_, i) => new SfuPeer(sfu, room, `m${index}-${i}`, true));
  await Promise.all(peers.map((p) => p.publish()));
  await Promise.all(peers.map((p) => p.subscribe()));
  await Promise.all(
    peers.map((me) => me.until(() => me.tracks.filter((t) => t.source === 'camera').length === n - 1)),
  );
  return peers;
}

/** One call on its own embedded werift SFU: `start`/`stop` the media; `close` ends it. */
export interface CallLoad {
  members: number;
  start(): void;
  stop(): void;
  /** Packets the members received so far (every subscriber counted). */
  received(): number;
  close(): Promise<void>;
}

export async function openCall(n: number): Promise<CallLoad> {
  const sfu = new WeriftSfu({ stunUrls: [], levelsIntervalMs: 250 });
  sfu.events.setMaxListeners(0);
  let peers: SfuPeer[] = [];
  try {
    peers = await openRoom(sfu, 0, n);
  } catch (err) {
    await sfu.close();
    throw err;
  }
  let halt: (() => void) | null = null;
  const stop = () => {
    halt?.();
    halt = null;
  };
  return {
    members: n,
    start: () => {
      halt ??= pump(peers);
    },
    stop,
    received: () => peers.reduce((s, p) => s + [...p.received.values()].reduce((a, b) => a + b, 0), 0),
    close: async () => {
      stop();
      await Promise.all(peers.map((p) => p.close().catch(() => undefined)));
      await sfu.close();
    },
  };
}
