/**
 * Moments (docs/performance.md "Moments"): a feed page's cost against the number of moments in the
 * system. For each database and each size (moments per user), a Parley server process is seeded
 * with bulk inserts (bench/lib/moments-server.ts: N users, F friends each, P moments each, every
 * moment's inbox rows), then measured over HTTP from this process:
 *  (a) one client alone: first feed pages of different users, one at a time (no contention);
 *  (b) C users at once for S seconds, each in a loop with T ms of think time between actions: feed
 *      page, the next page (lastId), like a moment of it, comment on it, and every fifth loop post a
 *      moment (which writes its F + 1 inbox rows);
 * and prints the feed query's plan. p50/p99 per action; never fails on a number.
 *
 *   npx tsx bench/moments.ts [--users 2000] [--friends 200] [--posts 5,50] [--clients 100]
 *                            [--seconds 20] [--think 100] [--only sqlite,postgres] [--prof DIR]
 *
 * --prof writes a V8 CPU profile of each Parley server process into DIR (node --cpu-prof).
 *
 * PostgreSQL: BENCH_PG_URL, else postgres://postgres@127.0.0.1:5432/test (skipped when unreachable).
 */
import os from 'node:os';
import path from 'node:path';
import type { Moment, MomentPage } from '@parley/protocol';
import { cpuMs, loadavg, ms1, percentile } from './lib/bench-stats.js';
import type { MServerCommand, MServerReply } from './lib/moments-ipc.js';
import { Child, printTable, sleep } from './lib/proc.js';
import { benchTargets, type Target } from './lib/targets.js';

interface Options {
  users: number;
  friends: number;
  posts: number[];
  clients: number;
  seconds: number;
  think: number;
  only: string[];
  prof: string | null;
}

function parseArgs(argv: string[]): Options {
  const o: Options = {
    users: 2000,
    friends: 200,
    posts: [5, 50],
    clients: 100,
    seconds: 20,
    think: 100,
    only: ['sqlite', 'postgres'],
    prof: null,
  };
  for (let i = 0; i < argv.length; i += 2) {
    const [k, v] = [argv[i]!, argv[i + 1] ?? ''];
    if (k === '--users') o.users = Number(v);
    else if (k === '--friends') o.friends = Number(v);
    else if (k === '--posts') o.posts = v.split(',').map(Number);
    else if (k === '--clients') o.clients = Number(v);
    else if (k === '--seconds') o.seconds = Number(v);
    else if (k === '--think') o.think = Number(v);
    else if (k === '--only') o.only = v.split(',');
    else if (k === '--prof') o.prof = path.resolve(v);
    else throw new Error(`unknown option ${k}`);
  }
  return o;
}

type Action = 'feed' | 'feed page 2' | 'like' | 'comment' | 'post';

async function call<T>(
  base: string,
  token: string,
  path: string,
  body: unknown,
): Promise<{ ms: number; data: T }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  const ms = performance.now() - t0;
  if (env.code !== 200) throw new Error(`${path}: ${env.code} ${env.msg}`);
  return { ms, data: env.data };
}

interface Row {
  label: string;
  moments: number;
  inbox: number;
  seedS: number;
  service: number[];
  alone: number[];
  cpuPerFeed: number;
  cpuPerRequest: number;
  loaded: Map<Action, number[]>;
  errors: number;
  firstError: string;
  rps: number;
  plan: string[];
  load: string;
}

async function measure(t: Target, o: Options, posts: number): Promise<Row> {
  const server = new Child<MServerCommand, MServerReply>(t.script, { env: t.env, execArgv: t.execArgv });
  try {
    const { baseUrl } = await server.next('ready', 120_000);
    server.send({ cmd: 'seed', users: o.users, friends: o.friends, posts, clients: o.clients });
    const seeded = await server.next('seeded', 3_600_000);
    const seedS = (seeded.usersMs + seeded.momentsMs + seeded.inboxMs) / 1000;
    console.log(
      `${t.label} P=${posts}: ${seeded.moments} moments, ${seeded.inbox} inbox rows, ${seeded.friendships} friendships; ` +
        `users ${(seeded.usersMs / 1000).toFixed(1)} s, moments ${(seeded.momentsMs / 1000).toFixed(1)} s, inbox ${(seeded.inboxMs / 1000).toFixed(1)} s`,
    );
    const clients = seeded.clients;
    // (a) alone, after a warm-up round: the use case in the server, then over HTTP (with the
    // server's CPU time per request).
    server.send({ cmd: 'feedTimes', wtIds: clients.map((c) => c.name), rounds: 3 });
    const service = (await server.next('feedTimes', 600_000)).ms;
    const alone: number[] = [];
    let cpuBefore = 0;
    for (let round = 0; round < 3; round++) {
      if (round === 1) cpuBefore = cpuMs(server.pid);
      for (const c of clients) {
        const r = await call<MomentPage>(baseUrl, c.token, '/user/friendsCircle/list', {});
        if (round > 0) alone.push(r.ms);
      }
    }
    const cpuPerFeed = (cpuMs(server.pid) - cpuBefore) / alone.length;
    // (b) all clients at once.
    const loaded = new Map<Action, number[]>();
    const note = (a: Action, ms: number) => (loaded.get(a) ?? loaded.set(a, []).get(a)!).push(ms);
    let errors = 0;
    let firstError = '';
    let requests = 0;
    const end = performance.now() + o.seconds * 1000;
    const started = performance.now();
    const cpuLoaded = cpuMs(server.pid);
    const loop = async (token: string, i: number) => {
      await sleep(Math.random() * o.think);
      for (let n = 0; performance.now() < end; n++) {
        try {
          const first = await call<MomentPage>(baseUrl, token, '/user/friendsCircle/list', {});
          note('feed', first.ms);
          const last = first.data.rows.at(-1);
          const second = await call<MomentPage>(baseUrl, token, '/user/friendsCircle/list', {
            lastId: last?.id,
          });
          note('feed page 2', second.ms);
          const target: Moment | undefined = second.data.rows[(n + i) % Math.max(1, second.data.rows.length)];
          await sleep(o.think);
          if (target) {
            note(
              'like',
              (
                await call(baseUrl, token, '/friendsCirclePraise/praiseAction', {
                  friendsCircleId: target.id,
                })
              ).ms,
            );
            await sleep(o.think);
            note(
              'comment',
              (
                await call(baseUrl, token, '/friendsCircleComments/add', {
                  friendsCircleId: target.id,
                  content: `bench ${i}.${n}`,
                })
              ).ms,
            );
            requests += 2;
          }
          if (n % 5 === 0) {
            await sleep(o.think);
            note(
              'post',
              (await call(baseUrl, token, '/user/friendsCircle/add', { content: `bench post ${i}.${n}` })).ms,
            );
            requests += 1;
          }
          requests += 2;
        } catch (err) {
          errors += 1;
          firstError ||= err instanceof Error ? err.message : String(err);
        }
        await sleep(o.think);
      }
    };
    await Promise.all(clients.map((c, i) => loop(c.token, i)));
    const rps = requests / ((performance.now() - started) / 1000);
    const cpuPerRequest = (cpuMs(server.pid) - cpuLoaded) / Math.max(1, requests);
    const load = loadavg(os.loadavg());
    server.send({ cmd: 'explain', wtId: clients[0]!.name });
    const { lines } = await server.next('plan', 60_000);
    server.send({ cmd: 'shutdown' });
    await server.next('shutdown', 60_000).catch(() => undefined);
    return {
      label: t.label,
      moments: seeded.moments,
      inbox: seeded.inbox,
      seedS,
      service,
      alone,
      cpuPerFeed,
      cpuPerRequest,
      loaded,
      errors,
      firstError,
      rps,
      plan: lines,
      load,
    };
  } finally {
    await Promise.race([server.exited, sleep(10_000)]);
    await server.stop();
  }
}

const o = parseArgs(process.argv.slice(2));
const rows: Row[] = [];
for (const posts of o.posts) {
  const { targets, cleanup } = await benchTargets({
    name: `moments${posts}`,
    server: 'moments-server.ts',
    relay: { label: 'none', script: '' },
    only: o.only.filter((x) => x !== 'relay'),
    prof: o.prof,
  });
  try {
    for (const t of targets) rows.push(await measure(t, o, posts));
  } finally {
    await cleanup();
  }
}

const p = (v: number[] | undefined, q: number) => {
  const s = [...(v ?? [])].sort((a, b) => a - b);
  return s.length ? ms1(percentile(s, q)) : '–';
};
console.log(
  `\n${o.users} users × ${o.friends} friends; ${o.clients} users at once, ${o.think} ms think time, ${o.seconds} s; load average at the end of each run shown`,
);
printTable(
  [
    'database',
    'moments',
    'inbox rows',
    'build',
    'feed use case p50/p99',
    'feed HTTP alone p50/p99',
    'server CPU / feed',
    'feed p50/p99',
    'page 2 p50/p99',
    'post p50/p99',
    'like p50/p99',
    'comment p50/p99',
    'req/s',
    'server CPU / request',
    'errors',
    'load',
  ],
  rows.map((r) => [
    r.label,
    String(r.moments),
    String(r.inbox),
    `${r.seedS.toFixed(0)} s`,
    `${p(r.service, 50)} / ${p(r.service, 99)}`,
    `${p(r.alone, 50)} / ${p(r.alone, 99)}`,
    ms1(r.cpuPerFeed),
    `${p(r.loaded.get('feed'), 50)} / ${p(r.loaded.get('feed'), 99)}`,
    `${p(r.loaded.get('feed page 2'), 50)} / ${p(r.loaded.get('feed page 2'), 99)}`,
    `${p(r.loaded.get('post'), 50)} / ${p(r.loaded.get('post'), 99)}`,
    `${p(r.loaded.get('like'), 50)} / ${p(r.loaded.get('like'), 99)}`,
    `${p(r.loaded.get('comment'), 50)} / ${p(r.loaded.get('comment'), 99)}`,
    r.rps.toFixed(0),
    ms1(r.cpuPerRequest),
    r.errors ? `${r.errors} (${r.firstError})` : '0',
    r.load,
  ]),
);
for (const r of rows)
  console.log(`\nfeed query plan, ${r.label}, ${r.moments} moments:\n  ${r.plan.join('\n  ')}`);
