/**
 * The container test's scale-out phase (scripts/container-test.mjs), run when DATABASE_URL and
 * REDIS_URL are set (CI sets both): two containers of the image as two nodes on this machine's
 * PostgreSQL (a schema of their own, dropped at the end) and Redis (a key prefix of their own). A
 * message sent on one node reaches the recipient's socket on the other, and both read it back.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { history, register, sendOverSocket, Socket, waitFor200 } from './client.mjs';

/** Starts one node with host networking (PostgreSQL and Redis listen on this machine's loopback). */
async function startNode(podman, { name, image, port, env, gone }) {
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  podman.must(['run', '-d', '--name', name, '--network', 'host', ...envArgs, '-e', `PORT=${port}`, image]);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor200(baseUrl, '/readyz', () => gone(podman, name), 60_000);
  return baseUrl;
}

export async function runTwoNodes(podman, { image, names, ports, step, check, gone }) {
  const suffix = randomBytes(3).toString('hex');
  const schema = `container_test_${suffix}`;
  const env = {
    DATABASE_URL: process.env.DATABASE_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_PREFIX: `container-test-${suffix}`,
    HOST: '127.0.0.1',
  };
  step(`two nodes on PostgreSQL (schema ${schema}) and Redis`);
  try {
    const urls = [];
    for (const [i, name] of names.entries())
      urls.push(
        await startNode(podman, {
          name,
          image,
          port: ports[i],
          env: { ...env, NODE_ID: `ct-${i + 1}` },
          gone,
        }),
      );
    check(true, `both nodes answer /readyz (${urls.join(', ')})`);
    const health = await (await fetch(`${urls[1]}/api/health`)).json();
    check(
      health.data?.db?.dialect === 'postgres' && health.data?.bus?.kind === 'redis',
      `on PostgreSQL and the Redis bus (/api/health: ${JSON.stringify({ db: health.data?.db, bus: health.data?.bus })})`,
    );

    const a = await register(urls[0], `ct_pa_${suffix}`);
    const b = await register(urls[1], `ct_pb_${suffix}`);
    const sa = await Socket.open(urls[0], a);
    const sb = await Socket.open(urls[1], b);
    const text = `跨节点的消息 ${suffix}`;
    const message = await sendOverSocket(sa, b, text);
    const pushed = await sb.next((f) => f.type === 'message.new' && f.data?.ID === message.ID);
    check(
      pushed.data.payload.text === text,
      "a message sent on node 1 reaches the recipient's socket on node 2",
    );
    sa.close();
    sb.close();
    const seen = (await history(urls[1], b, a)).find((m) => m.ID === message.ID);
    const mine = (await history(urls[0], a, b)).find((m) => m.ID === message.ID);
    check(seen?.payload?.text === text && mine?.payload?.text === text, 'both read it back from history');
  } finally {
    for (const name of names) podman.run(['rm', '-f', '--time', '0', name]);
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => client.end());
  }
}
