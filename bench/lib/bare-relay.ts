/**
 * The floor for the delivery and reconnect-storm benches: the bare durable relay (bare-relay-core.ts)
 * for one-to-one messages. `message.send` {conversationID: 'C2C<peer>', …} is stored in the pair's
 * conversation; the peer's socket gets `message.new` after the commit.
 */
import type { BenchClient, DServerCommand, DServerReply } from './delivery-ipc.js';
import { startBareRelay } from './bare-relay-core.js';

startBareRelay<DServerCommand, DServerReply>({
  label: 'bare durable relay',
  keyOf: (s) => {
    const peer = s.data.conversationID.slice(3);
    return s.from < peer ? `${s.from}:${peer}` : `${peer}:${s.from}`;
  },
  deliver: (s, message, sockets) =>
    sockets
      .get(s.data.conversationID.slice(3))
      ?.send(JSON.stringify({ type: 'message.new', data: { ...message, conversationID: `C2C${s.from}` } })),
  command: (command, reply) => {
    const clients: BenchClient[] = Array.from({ length: command.users }, (_, i) => ({
      token: `u${i}`,
      name: `u${i}`,
    }));
    reply({ kind: 'seeded', clients, ms: 0 });
  },
});
