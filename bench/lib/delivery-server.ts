/**
 * Parley as the delivery and reconnect-storm benches run it: the real buildServer() of apps/server
 * (SQLite in PARLEY_DATA_DIR, or PostgreSQL when DATABASE_URL is set) in its own process
 * (parley-process.ts). `seed` creates bench users and one session each straight through the server's
 * own repos (no password hashing, no HTTP), which is what lets a bench set up thousands of clients in
 * seconds.
 */
import { seedBenchUsers } from './seed-users.js';
import type { DServerCommand, DServerReply } from './delivery-ipc.js';
import { wallNow } from './ipc.js';
import { runParleyProcess } from './parley-process.js';
import { installSqlStats } from './sql-stats.js';

if (process.env.BENCH_SQL_STATS === '1') installSqlStats();

runParleyProcess<DServerCommand, DServerReply>(async (server, command, reply) => {
  const started = wallNow();
  const clients = await seedBenchUsers(server.modules, command.users, { wtId: 'b', phone: '+1555' });
  reply({ kind: 'seeded', clients, ms: wallNow() - started });
});
