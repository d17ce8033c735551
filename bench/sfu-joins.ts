/**
 * Members joining a werift SFU room all at once, round after round, werift in Node on both ends
 * (the members on this thread, the SFU on its worker): per round, whether every member received
 * every other member's mic and camera within WAIT_S, the connections the SFU reported lost
 * (`disconnected`) or whose member failed to publish, and for each member left without media its subscribing connection's states
 * (connection / ICE / DTLS) and what it received. Reproduces the "subscription that receives
 * nothing" seen on a loaded machine; a diagnostic, never fails on a result.
 *   npx tsx bench/sfu-joins.ts [ROUNDS=5] [MEMBERS=8] [WAIT_S=8]
 * Findings: docs/performance.md, "Group calls".
 */
import os from 'node:os';
import { WeriftSfu } from '../apps/server/src/modules/calls/sfu/werift-sfu.js';
import { SfuPeer } from '../apps/server/test/calls/sfu-peer.js';
import { printTable, sleep } from './lib/proc.js';

const ROUNDS = Number(process.argv[2] ?? 5);
const MEMBERS = Number(process.argv[3] ?? 8);
const WAIT_S = Number(process.argv[4] ?? 8);

interface Transports {
  dtlsTransports?: { state: string }[];
}

const complete = (me: SfuPeer, peers: SfuPeer[]) =>
  peers.every((o) => o === me || (me.count(o.userId, 'mic') >= 5 && me.count(o.userId, 'camera') >= 5));

async function main() {
  const load = () => os.loadavg()[0]!.toFixed(1);
  console.log(`SFU joins: ${ROUNDS} rounds of ${MEMBERS} members; load average at start ${load()}`);
  const sfu = new WeriftSfu({ stunUrls: [], levelsIntervalMs: 250 });
  sfu.events.setMaxListeners(0);
  const lost: string[] = [];
  sfu.events.on('disconnected', (room, user, pc) => lost.push(`${room}/${user}/${pc}`));
  const rows: string[][] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const room = `joins-${round}`;
    lost.length = 0;
    await sfu.openRoom(room);
    const peers = Array.from({ length: MEMBERS }, (_, i) => new SfuPeer(sfu, room, `m${i}`));
    // A member's own publishing connection can fail too (werift's DTLS client): noted, not fatal.
    const published = await Promise.allSettled(peers.map((p) => p.publish()));
    const pubFailed = peers.filter((_, i) => published[i]!.status === 'rejected').map((p) => p.userId);
    await Promise.all(peers.map((p) => p.subscribe()));
    peers.forEach((p) => p.start(30));
    const all = Promise.all(peers.map((me) => me.until(() => complete(me, peers))));
    await Promise.race([all, sleep(WAIT_S * 1000)]);
    const short = peers.filter((me) => !complete(me, peers));
    const states = short.map((me) => {
      const dtls = (me.sub as unknown as Transports | null)?.dtlsTransports?.map((d) => d.state).join('/');
      const from = peers.filter((o) => o !== me && me.count(o.userId, 'camera') > 0).length;
      return `${me.userId}: ${me.sub?.connectionState}/${me.sub?.iceConnectionState}/${dtls}, media from ${from}`;
    });
    rows.push([
      String(round),
      short.length === 0 ? 'yes' : `no (${short.length} short)`,
      [
        ...lost.map((l) => l.split('/').slice(1).join(' ')),
        ...pubFailed.map((u) => `${u} publish (member side)`),
      ].join(', ') || '—',
      states.join('; ') || '—',
      load(),
    ]);
    console.log(rows.at(-1)!.join('  '));
    await Promise.race([Promise.all(peers.map((p) => p.close())), sleep(3000)]);
    await Promise.race([sfu.closeRoom(room), sleep(3000)]);
  }
  await sfu.close();
  printTable(
    [
      'round',
      'all media within wait',
      'connections lost (user pc)',
      'members short: sub conn/ICE/DTLS',
      'load',
    ],
    rows,
  );
  process.exit(0);
}

void main();
