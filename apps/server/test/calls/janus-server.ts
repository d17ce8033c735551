import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const JANUS_BIN = '/usr/bin/janus';
const LIB = '/usr/lib/x86_64-linux-gnu/janus';

export interface JanusServer {
  /** The HTTP transport's base, e.g. http://127.0.0.1:41234/janus (what `JANUS_URL` takes). */
  url: string;
  /** Janus's process id (the bench reads its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts Debian's Janus with a configuration of its own in a temporary folder: the HTTP transport
 * on a free loopback port, the VideoRoom plugin and nothing else (the folders Janus loads plugins
 * and transports from hold links to those two only), RTP on a port range of its own. Resolves when
 * `GET /janus/info` answers.
 */
export async function startJanus(): Promise<JanusServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-janus-'));
  const port = await freePort();
  const rtpBase = 30000 + (port % 200) * 100;
  for (const sub of ['plugins', 'transports', 'events', 'loggers']) fs.mkdirSync(path.join(dir, sub));
  fs.symlinkSync(
    path.join(LIB, 'plugins', 'libjanus_videoroom.so'),
    path.join(dir, 'plugins', 'libjanus_videoroom.so'),
  );
  fs.symlinkSync(
    path.join(LIB, 'transports', 'libjanus_http.so'),
    path.join(dir, 'transports', 'libjanus_http.so'),
  );
  fs.writeFileSync(
    path.join(dir, 'janus.jcfg'),
    `general: {
  configs_folder = "${dir}"
  plugins_folder = "${dir}/plugins"
  transports_folder = "${dir}/transports"
  events_folder = "${dir}/events"
  loggers_folder = "${dir}/loggers"
  debug_level = 3
  session_timeout = 60
}
media: {
  rtp_port_range = "${rtpBase}-${rtpBase + 99}"
}
nat: {
  ignore_mdns = true
}
events: {
  broadcast = false
}
`,
  );
  fs.writeFileSync(
    path.join(dir, 'janus.transport.http.jcfg'),
    `general: {
  base_path = "/janus"
  http = true
  port = ${port}
  ip = "127.0.0.1"
  https = false
}
admin: {
  admin_http = false
}
`,
  );
  fs.writeFileSync(path.join(dir, 'janus.plugin.videoroom.jcfg'), 'general: {\n}\n');

  const log: string[] = [];
  const child: ChildProcess = spawn(JANUS_BIN, ['-F', dir, '-C', path.join(dir, 'janus.jcfg'), '-N'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (b: Buffer) => {
    log.push(b.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}/janus`;

  // Janus opens its port once its plugins are loaded: wait for `info` to answer (or for it to die).
  let dead = false;
  void exited.then(() => (dead = true));
  for (;;) {
    if (dead) throw new Error(`janus exited before answering:\n${log.join('')}`);
    const ok = await fetch(`${url}/info`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise<void>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve()));
      s.once('error', () => (s.destroy(), setImmediate(resolve)));
    });
  }

  return {
    url,
    pid: child.pid!,
    async stop() {
      if (!dead) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
