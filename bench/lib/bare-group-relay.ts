/**
 * The floor for the groups bench: the bare durable relay (bare-relay-core.ts) with group fan-out. The
 * runner's `seed` names the groups and their members (kept in memory). `message.send`
 * {conversationID: 'GROUP<n>', …} is stored once, with the conversation's next sequence; after the
 * commit every member's socket (the sender's too, as Parley's group topic does) gets one
 * `message.new`, encoded once per message.
 */
import type { BenchClient, GServerCommand, GServerReply } from './group-ipc.js';
import { startBareRelay } from './bare-relay-core.js';

/** conversationID → member names. */
const groups = new Map<string, string[]>();

startBareRelay<GServerCommand, GServerReply>({
  label: 'bare group relay',
  keyOf: (s) => s.data.conversationID,
  deliver: (s, message, sockets) => {
    const frame = Buffer.from(JSON.stringify({ type: 'message.new', data: { ...message, flow: 'in' } }));
    for (const member of groups.get(s.data.conversationID) ?? []) sockets.get(member)?.send(frame);
  },
  command: (command, reply) => {
    const clients: BenchClient[] = Array.from({ length: command.users }, (_, i) => ({
      token: `u${i}`,
      name: `u${i}`,
    }));
    const convs = command.groups.map((layout, n) => {
      const id = `GROUP${10_000_000 + n}`;
      groups.set(
        id,
        layout.map((i) => clients[i]!.name),
      );
      return id;
    });
    reply({ kind: 'seeded', clients, groups: convs, usersMs: 0, groupsMs: 0 });
  },
});
