/**
 * Parley as the groups bench runs it: the real buildServer() of apps/server (SQLite in
 * PARLEY_DATA_DIR, or PostgreSQL when DATABASE_URL is set) in its own process. `seed` creates the
 * bench users and one session each straight through the server's own repos (as delivery-server.ts
 * does), then each group through the groups module's own services — `groups.create` with the first
 * invitees and `members.invite` for the rest, in batches no larger than the API allows — so the
 * group, its members, the group conversation, its member rows and the creation and join tips are
 * exactly what the /user/groupchat routes would leave. The owner is first made a friend of every
 * member (invitees who are not friends only join once they accept).
 */
import { GroupLimits } from '@parley/protocol';
import { newFriendshipRow } from '../../apps/server/src/modules/friends/friendship.repo.js';
import { seedBenchUsers } from './seed-users.js';
import type { BenchClient, GServerCommand, GServerReply, GroupLayout } from './group-ipc.js';
import { wallNow } from './ipc.js';
import { runParleyProcess } from './parley-process.js';

runParleyProcess<GServerCommand, GServerReply>(async (server, command, reply) => {
  const { groups } = server.modules;

  /** Users and sessions, as the delivery bench makes them. */
  const seedUsers = (count: number) => seedBenchUsers(server.modules, count, { wtId: 'g', phone: '+1556' });

  /**
   * The owner and each member as friends, both sides, as an accepted application leaves them:
   * invitees who are not the inviter's friends only join once they accept an invitation.
   */
  async function befriend(ownerId: number, memberIds: number[]) {
    const now = Date.now();
    const side = (a: number, b: number) => newFriendshipRow({ ownerId: a, friendId: b, applySource: 1, now });
    const rows = memberIds.flatMap((id) => [side(ownerId, id), side(id, ownerId)]);
    for (let i = 0; i < rows.length; i += 500)
      await server.ctx.db
        .insertInto('friendships')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.columns(['owner_id', 'friend_id']).doNothing())
        .execute();
  }

  /** One group through the groups services; answers its conversationID. */
  async function createGroup(clients: Array<BenchClient & { id: number }>, layout: GroupLayout, n: number) {
    const [owner, ...rest] = layout.map((i) => clients[i]!);
    await befriend(
      owner!.id,
      rest.map((c) => c.id),
    );
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
