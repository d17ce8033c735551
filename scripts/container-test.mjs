#!/usr/bin/env node
// The container test: builds the Containerfile with podman and runs Parley from the image as an
// operator would (docs/operations.md "Deploy with compose"), on SQLite in a named volume:
//  1. the base image parley-base:test, unless podman already has it: Debian bookworm by debootstrap
//     with this machine's Node (no container registry is needed; the Debian mirror and the npm
//     registry are), built once and kept (`podman rmi parley-base:test` rebuilds it)
//  2. `podman build --build-arg BASE=parley-base:test` of the Containerfile, tagged parley:test
//     (podman's layer cache keeps the dependency stages while only sources change)
//  3. the image: a non-root user, no dev dependencies, its HEALTHCHECK
//  4. a container on a named volume: /healthz, the HEALTHCHECK, /readyz, two accounts through the
//     API, a message sent as a `message.send` frame and pushed to the other side's socket; the
//     container stopped (exit 0) and started, the message read back with the tokens issued before;
//     then a new container on the same volume (an upgrade) reads it back too
//  5. with DATABASE_URL and REDIS_URL set (as in CI): two containers as two nodes on PostgreSQL (a
//     schema of their own) and Redis; a message sent on one reaches a socket on the other
// The container and its volume are removed at the end; the images stay.
// Skips with a loud message (exit 0) where podman cannot run at all; every other failure exits 1.
// It installs podman, runc and debootstrap from Debian when missing (root only).
//
//   node scripts/container-test.mjs
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  BASE_IMAGE,
  Podman,
  cannotRun,
  ensureBaseImage,
  installTools,
  podmanEnv,
} from './container/podman.mjs';
import { history, register, sendOverSocket, Socket, waitFor200 } from './container/client.mjs';
import { runTwoNodes } from './container/two-nodes.mjs';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const IMAGE = 'parley:test';
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

function step(text) {
  console.log(`\n[container-test ${seconds()}] ${text}`);
}

function check(ok, what) {
  if (!ok) throw new Error(what);
  console.log(`  ok: ${what}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The registry npm uses here, passed to the build (npm ci runs inside it). */
function npmRegistry() {
  const res = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' });
  return res.status === 0 && res.stdout.trim() ? res.stdout.trim() : 'https://registry.npmjs.org/';
}

async function buildImage(podman) {
  step(`building ${IMAGE} from Containerfile on ${BASE_IMAGE}`);
  const code = await podman.stream([
    'build',
    '--format',
    'docker',
    '--network',
    'host',
    '--build-arg',
    `BASE=${BASE_IMAGE}`,
    '--build-arg',
    `NPM_CONFIG_REGISTRY=${npmRegistry()}`,
    '-t',
    IMAGE,
    '-f',
    path.join(root, 'Containerfile'),
    root,
  ]);
  if (code !== 0) throw new Error(`podman build failed (${code})`);
}

function checkImage(podman) {
  step('the image');
  const image = JSON.parse(podman.must(['image', 'inspect', IMAGE]))[0];
  const config = { ...image.Config, Healthcheck: image.Healthcheck ?? image.Config.Healthcheck };
  check(config.User === 'parley', `runs as the user parley (User: ${config.User})`);
  check(
    JSON.stringify(config.Healthcheck?.Test ?? []).includes('/healthz'),
    `declares a HEALTHCHECK on /healthz (${JSON.stringify(config.Healthcheck?.Test)})`,
  );
  check((config.Volumes ?? {})['/data'] !== undefined, 'declares the volume /data');
  const probe = podman.run([
    'run',
    '--rm',
    '--network',
    'none',
    IMAGE,
    'node',
    '-e',
    `const fs = require('fs');
     const binNames = (p) => (typeof p.bin === 'string' ? [p.name.split('/').pop()] : Object.keys(p.bin ?? {}));
     const dev = ['vitest', 'typescript', 'eslint', 'vite', 'react', 'playwright-core', 'lighthouse', 's3rver', 'pino-pretty'];
     const runtime = ['fastify', 'better-sqlite3', 'ws', 'sharp', 'tsx'];
     console.log(JSON.stringify({
       uid: process.getuid(),
       dev: dev.filter((p) => fs.existsSync('node_modules/' + p)),
       missing: runtime.filter((p) => !fs.existsSync('node_modules/' + p)),
       dist: fs.existsSync('apps/server/dist/main.js') && fs.existsSync('apps/web/dist/index.html'),
       sources: fs.existsSync('apps/server/src') || fs.existsSync('packages/protocol/src'),
       path: process.env.PATH.split(':')[0],
       bins: binNames(require('./apps/server/package.json')).map((b) => [b, fs.existsSync('node_modules/.bin/' + b)]),
     }));`,
  ]);
  if (probe.status !== 0) throw new Error(`node in the image failed (${probe.status}):\n${probe.stderr}`);
  const seen = JSON.parse(probe.stdout.trim().split('\n').pop());
  check(seen.uid === 10001, `a non-root uid (${seen.uid})`);
  check(
    seen.dev.length === 0,
    `no dev or other workspaces' dependencies (found: ${seen.dev.join(', ') || 'none'})`,
  );
  check(
    seen.missing.length === 0,
    `the server's dependencies are there (missing: ${seen.missing.join(', ') || 'none'})`,
  );
  check(seen.dist && !seen.sources, 'the built server and web client, without their sources');
  check(seen.path === '/app/node_modules/.bin', `package bins first on PATH (${seen.path})`);
  const unlinked = seen.bins.filter(([, linked]) => !linked).map(([name]) => name);
  check(
    unlinked.length === 0,
    `the server's commands on PATH (${seen.bins.map(([name]) => name).join(', ') || 'it has none'}; unlinked: ${unlinked.join(', ') || 'none'})`,
  );
  // The operator CLI runs from PATH as the image's user, compiled (no TypeScript toolchain).
  const cli = podman.run(['run', '--rm', '--network', 'none', IMAGE, 'parley', '--help']);
  check(
    cli.status === 0 && /backup/.test(cli.stdout),
    `parley --help runs in the image (exit ${cli.status}${cli.stderr ? `: ${cli.stderr.trim().slice(0, 200)}` : ''})`,
  );
}

/** The container's state, or a reason (with its log) when it is not running. */
function gone(podman, name) {
  const state = podman
    .run(['inspect', '--format', '{{.State.Status}} {{.State.ExitCode}}', name])
    .stdout.trim();
  if (state.startsWith('running')) return undefined;
  return `container ${state || 'missing'}; its log:\n${podman.run(['logs', name]).stdout}${podman.run(['logs', name]).stderr}`;
}

/** Starts a container of the image on `volume` and a free loopback port; resolves once /healthz answers. */
async function startContainer(podman, name, volume) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  step(`running ${name} on ${baseUrl}, /data on the volume ${volume}`);
  podman.must([
    'run',
    '-d',
    '--name',
    name,
    '--publish',
    `127.0.0.1:${port}:3000`,
    '-e',
    'NODE_ID=container-test',
    '-v',
    `${volume}:/data`,
    IMAGE,
  ]);
  await waitFor200(baseUrl, '/healthz', () => gone(podman, name), 60_000);
  check(true, '/healthz answers 200');
  return baseUrl;
}

/** Stops a container as compose does (SIGTERM) and checks that the server exited cleanly. */
function stopContainer(podman, name) {
  podman.must(['stop', '--time', '20', name]);
  const exit = podman.must(['inspect', '--format', '{{.State.ExitCode}}', name]);
  check(exit === '0', `SIGTERM stopped the server cleanly (exit code ${exit})`);
}

/** Both users find `message` in their conversation's history, with its text. */
async function readBack(baseUrl, a, b, message, when) {
  const seen = (await history(baseUrl, b, a)).find((m) => m.ID === message.ID);
  check(seen?.payload?.text === message.payload.text, `the message reads back from history ${when}`);
  const mine = (await history(baseUrl, a, b)).find((m) => m.ID === message.ID);
  check(mine?.payload?.text === message.payload.text, "and from the sender's side");
}

async function runContainers(podman, names, volume) {
  let baseUrl = await startContainer(podman, names[0], volume);
  const hc = podman.run(['healthcheck', 'run', names[0]]);
  check(
    hc.status === 0,
    `the image's HEALTHCHECK passes (podman healthcheck run: ${hc.status} ${hc.stdout.trim()} ${hc.stderr.trim()})`,
  );
  await waitFor200(baseUrl, '/readyz', () => gone(podman, names[0]), 30_000);
  const health = await (await fetch(`${baseUrl}/api/health`)).json();
  check(
    health.data?.db?.dialect === 'sqlite',
    `/readyz answers 200; /api/health: ${JSON.stringify(health.data?.db)}`,
  );

  step('two accounts and a message over a socket');
  const suffix = randomBytes(3).toString('hex');
  const a = await register(baseUrl, `ct_a_${suffix}`);
  const b = await register(baseUrl, `ct_b_${suffix}`);
  check(true, `registered ${a.wtId} and ${b.wtId}`);
  const sa = await Socket.open(baseUrl, a);
  const sb = await Socket.open(baseUrl, b);
  const text = `容器里的消息 ${suffix}`;
  const message = await sendOverSocket(sa, b, text);
  check(message.payload?.text === text, `message.send acked 200 with the message (ID ${message.ID})`);
  const pushed = await sb.next((f) => f.type === 'message.new' && f.data?.ID === message.ID);
  check(pushed.data.payload.text === text, "pushed to the other user's socket as message.new");
  sa.close();
  sb.close();

  step('restart');
  stopContainer(podman, names[0]);
  podman.must(['start', names[0]]);
  await waitFor200(baseUrl, '/healthz', () => gone(podman, names[0]), 60_000);
  check(true, '/healthz answers 200 again');
  await readBack(baseUrl, a, b, message, 'after the restart, with the tokens issued before it');

  step('a new container on the same volume (an upgrade)');
  stopContainer(podman, names[0]);
  podman.must(['rm', names[0]]);
  baseUrl = await startContainer(podman, names[1], volume);
  const files = podman.must(['exec', names[1], 'ls', '/data']).split(/\s+/);
  check(files.includes('parley.db'), `the SQLite file is on the volume (/data: ${files.join(' ')})`);
  await readBack(baseUrl, a, b, message, 'in the new container');
}

async function main() {
  installTools();
  const why = cannotRun();
  if (why) {
    const bar = '!'.repeat(78);
    console.error(
      `\n${bar}\n!! CONTAINER TEST SKIPPED: ${why}\n!! (install podman, runc and debootstrap, as root, to run it)\n${bar}\n`,
    );
    return 0;
  }
  const tmpDir = path.join(root, '.tmp', 'container');
  fs.mkdirSync(tmpDir, { recursive: true });
  const podman = new Podman(podmanEnv(tmpDir));
  const names = [`parley-ct-${process.pid}-1`, `parley-ct-${process.pid}-2`];
  const volume = `parley-ct-data-${process.pid}`;
  const nodes = [`parley-ct-${process.pid}-n1`, `parley-ct-${process.pid}-n2`];
  try {
    step(`base image ${BASE_IMAGE}`);
    ensureBaseImage(podman);
    await buildImage(podman);
    checkImage(podman);
    await runContainers(podman, names, volume);
    if (process.env.DATABASE_URL && process.env.REDIS_URL) {
      const ports = [await freePort(), await freePort()];
      await runTwoNodes(podman, { image: IMAGE, names: nodes, ports, step, check, gone });
    } else step('two nodes on PostgreSQL and Redis: skipped (DATABASE_URL and REDIS_URL unset)');
  } finally {
    for (const name of names) podman.run(['rm', '-f', '--time', '0', name]);
    podman.run(['volume', 'rm', '-f', volume]);
  }
  console.log(`\ncontainer test passed in ${seconds()}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`\nCONTAINER TEST FAILED after ${seconds()}: ${err.stack ?? err}`);
    process.exit(1);
  },
);
