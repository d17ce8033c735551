/**
 * Parley as the delivery and reconnect-storm benches run it: the real buildServer() of apps/server
 * (SQLite in PARLEY_DATA_DIR, or PostgreSQL when DATABASE_URL is set) in its own process. `seed`
 * creates bench users and one session each straight through the server's own repos (no password
 * hashing, no HTTP), which is what lets a bench set up thousands of clients in seconds.
 */
import { loadConfig } from '../../apps/server/src/config.js';
import { buildServer } from '../../apps/server/src/app.js';
import { seedBenchUsers } from './seed-users.js';
import type { DServerCommand, DServerReply } from './delivery-ipc.js';
import { wallNow } from './ipc.js';
import { installSqlStats } from './sql-stats.js';

if (process.env.BENCH_SQL_STATS === '1') installSqlStats();

const reply = (m: DServerReply) => process.send?.(m);

async function main(): Promise<void> {
  const config = loadConfig(process.env, { port: 0, host: '127.0.0.1', webDistDir: undefined });
  const server = await buildServer(config);
  const address = await server.app.listen({
    port: Number(process.env.BENCH_PORT ?? 0),
    host: '127.0.0.1',
    backlog: config.listenBacklog,
  });

  const seed = (count: number) => seedBenchUsers(server.modules, count, { wtId: 'b', phone: '+1555' });

  process.on('message', (command: DServerCommand) => {
    void (async () => {
      if (command.cmd === 'seed') {
        const started = wallNow();
        const clients = await seed(command.users);
        reply({ kind: 'seeded', clients, ms: wallNow() - started });
      } else if (command.cmd === 'shutdown') {
        const started = wallNow();
        await server.close();
        reply({ kind: 'shutdown', ms: wallNow() - started });
        // A normal exit writes the --cpu-prof profile when the runner asked for one.
        setTimeout(() => process.exit(0), 100);
      }
    })().catch((err: unknown) => reply({ kind: 'error', message: String(err) }));
  });
  process.on('SIGTERM', () => {
    // Exits within 2 s even if closing lingers, so a --cpu-prof profile gets written.
    setTimeout(() => process.exit(0), 2000).unref();
    void server.close().then(() => process.exit(0));
  });

  reply({ kind: 'ready', baseUrl: address.replace('[::1]', '127.0.0.1'), label: 'Parley' });
}

main().catch((err: unknown) => {
  reply({ kind: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
});
