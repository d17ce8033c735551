/**
 * Parley as the groups bench runs it: the real buildServer() of apps/server (SQLite in
 * PARLEY_DATA_DIR, or PostgreSQL when DATABASE_URL is set) in its own process. `seed` creates the
 * bench users and one session each straight through the server's own repos (as delivery-server.ts
 * does), then each group through the groups module's own services — `groups.create` with the first
 * invitees and `members.invite` for the rest, in batches no larger than the API allows — so the
 * group, its members, the group conversation, its member rows and the creation and join tips are
 * exactly what the /user/groupchat routes would leave.
 */
import { GroupLimits } from '@parley/protocol';
import { seedBenchUsers } from './seed-users.js';
import type { BenchClient, GServerCommand, GServerReply, GroupLayout } from './group-ipc.js';
import { wallNow } from './ipc.js';
import { runParleyProcess } from './parley-process.js';

runParleyProcess<GServerCommand, GServerReply>(async (server, command, reply) => {
  const { groups } = server.modules;

  /** Users and sessions, as the delivery bench makes them. */
  const seedUsers = (count: number) => seedBenchUsers(server.modules, count, { wtId: 'g', phone: '+1556' });

  /** One group through the groups services; answers its conversationID. */
  async function createGroup(clients: Array<BenchClient & { id: number }>, layout: GroupLayout, n: number) {
    const [owner, ...rest] = layout.map((i) => clients[i]!);
    const batch = GroupLimits.maxWtIdsPerCall;
    const info = await groups.groups.create(owner!.id, {
      groupName: `Bench group ${n}`,
      wtIds: rest.slice(0, batch).map((c) => c.name),
    });
    for (let from = batch; from < rest.length; from += batch) {
      const { joined } = await groups.members.invite(
        owner!.id,
        info.groupNumber,
        rest.slice(from, from + batch).map((c) => c.name),
      );
      if (joined.length !== Math.min(batch, rest.length - from))
        throw new Error(`group ${n}: ${joined.length} joined of ${Math.min(batch, rest.length - from)}`);
    }
    return `GROUP${info.groupNumber}`;
  }

  const started = wallNow();
  const clients = await seedUsers(command.users);
  const usersMs = wallNow() - started;
  const convs: string[] = [];
  for (const [n, layout] of command.groups.entries()) convs.push(await createGroup(clients, layout, n));
  reply({
    kind: 'seeded',
    clients: clients.map(({ token, name }) => ({ token, name })),
    groups: convs,
    usersMs,
    groupsMs: wallNow() - started - usersMs,
  });
});
