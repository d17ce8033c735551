/**
 * The process shell shared by the benches' Parley servers (delivery-server.ts, group-server.ts):
 * the real buildServer() of apps/server on BENCH_PORT, a `ready` reply with its address, `shutdown`
 * (graceful close, then exit so a --cpu-prof profile is written) and SIGTERM; every other command
 * goes to the bench's own handler. Errors are replied as `{kind: 'error'}`.
 */
import { loadConfig } from '../../apps/server/src/config.js';
import { buildServer } from '../../apps/server/src/app.js';
import { wallNow } from './ipc.js';

type Built = Awaited<ReturnType<typeof buildServer>>;
type BaseReply =
  | { kind: 'ready'; baseUrl: string; label: string }
  | { kind: 'shutdown'; ms: number }
  | { kind: 'error'; message: string };

const errorText = (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err));

export function runParleyProcess<C extends { cmd: string }, R extends { kind: string }>(
  handle: (server: Built, command: Exclude<C, { cmd: 'shutdown' }>, reply: (m: R) => void) => Promise<void>,
): void {
  const reply = (m: R | BaseReply) => process.send?.(m);
  const main = async () => {
    const config = loadConfig(process.env, { port: 0, host: '127.0.0.1', webDistDir: undefined });
    const server = await buildServer(config);
    const address = await server.app.listen({
      port: Number(process.env.BENCH_PORT ?? 0),
      host: '127.0.0.1',
      backlog: config.listenBacklog,
    });
    process.on('message', (command: C) => {
      void (async () => {
        if (command.cmd === 'shutdown') {
          const started = wallNow();
          await server.close();
          reply({ kind: 'shutdown', ms: wallNow() - started });
          // A normal exit writes the --cpu-prof profile when the runner asked for one.
          setTimeout(() => process.exit(0), 100);
          return;
        }
        await handle(server, command as Exclude<C, { cmd: 'shutdown' }>, reply);
      })().catch((err: unknown) => reply({ kind: 'error', message: errorText(err) }));
    });
    process.on('SIGTERM', () => {
      // Exits within 2 s even if closing lingers, so a --cpu-prof profile gets written.
      setTimeout(() => process.exit(0), 2000).unref();
      void server.close().then(() => process.exit(0));
    });
    reply({ kind: 'ready', baseUrl: address.replace('[::1]', '127.0.0.1'), label: 'Parley' });
  };
  main().catch((err: unknown) => {
    reply({ kind: 'error', message: errorText(err) });
    process.exit(1);
  });
}
