/**
 * Podman for the container test (scripts/container-test.mjs): the flags this kind of machine needs,
 * whether podman can run a container at all, and the base image the Containerfile is built on when
 * no registry is reachable: Debian bookworm (debootstrap, minbase) with this machine's Node copied
 * in where the official node image keeps it (/usr/local).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BASE_IMAGE = 'parley-base:test';

/**
 * Global flags on every podman command: runc (crun is not installed), cgroupfs (no systemd), and a
 * containers.conf of our own (CONTAINERS_CONF) without default ulimits: podman's default raises
 * `nofile` past this machine's hard limit, which runc then refuses to set, in builds and runs alike.
 */
export function podmanEnv(tmpDir) {
  const conf = path.join(tmpDir, 'containers.conf');
  fs.writeFileSync(
    conf,
    [
      '[containers]',
      'default_ulimits = []',
      '',
      '[engine]',
      'runtime = "runc"',
      'cgroup_manager = "cgroupfs"',
      '',
    ].join('\n'),
  );
  return { ...process.env, CONTAINERS_CONF: conf };
}

const GLOBAL = ['--runtime', 'runc', '--cgroup-manager', 'cgroupfs'];

export class Podman {
  constructor(env) {
    this.env = env;
  }

  /** Runs podman, output captured; returns { status, stdout, stderr }. */
  run(args, opts = {}) {
    const res = spawnSync('podman', [...GLOBAL, ...args], {
      env: this.env,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      ...opts,
    });
    return {
      status: res.status ?? 1,
      stdout: res.stdout ?? '',
      stderr: res.stderr ?? String(res.error ?? ''),
    };
  }

  /** Runs podman and throws with its stderr unless it succeeds; returns stdout trimmed. */
  must(args, opts) {
    const res = this.run(args, opts);
    if (res.status !== 0) throw new Error(`podman ${args.join(' ')} failed (${res.status}):\n${res.stderr}`);
    return res.stdout.trim();
  }

  /** Runs podman at low priority with its output on this terminal (the long steps: image builds). */
  stream(args) {
    console.log(`$ nice -n 10 podman ${[...GLOBAL, ...args].join(' ')}`);
    return new Promise((resolve) => {
      const child = spawn('nice', ['-n', '10', 'podman', ...GLOBAL, ...args], {
        env: this.env,
        stdio: 'inherit',
      });
      child.on('exit', (code) => resolve(code ?? 1));
      child.on('error', () => resolve(1));
    });
  }

  imageExists(name) {
    return this.run(['image', 'exists', name]).status === 0;
  }
}

/** Why podman cannot run containers here (then the test skips), or undefined when it can. */
export function cannotRun() {
  if (process.platform !== 'linux') return `podman containers need Linux (this is ${process.platform})`;
  const version = spawnSync('podman', ['--version'], { encoding: 'utf8' });
  if (version.error) return `podman is not installed (${version.error.message})`;
  const info = spawnSync('podman', [...GLOBAL, 'info', '--format', '{{.Host.OCIRuntime.Name}}'], {
    encoding: 'utf8',
  });
  if (info.status !== 0) return `podman info failed: ${(info.stderr || '').trim().split('\n')[0]}`;
  return undefined;
}

/** Installs podman, runc and debootstrap from Debian when some are missing and we are root. */
export function installTools() {
  const missing = ['podman', 'runc', 'debootstrap'].filter(
    (cmd) => spawnSync('sh', ['-c', `command -v ${cmd} || test -x /usr/sbin/${cmd}`]).status !== 0,
  );
  if (
    missing.length === 0 ||
    process.getuid?.() !== 0 ||
    spawnSync('sh', ['-c', 'command -v apt-get']).status !== 0
  )
    return;
  console.log(`Installing Debian packages for the container test: ${missing.join(', ')}…`);
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit' });
}

/** The Debian mirror apt uses on this machine (deb822 .sources or sources.list), else deb.debian.org. */
export function debianMirror() {
  if (process.env.CONTAINER_TEST_MIRROR) return process.env.CONTAINER_TEST_MIRROR;
  const files = ['/etc/apt/sources.list'];
  const dir = '/etc/apt/sources.list.d';
  if (fs.existsSync(dir))
    files.push(
      ...fs
        .readdirSync(dir)
        .filter((f) => /\.(list|sources)$/.test(f))
        .map((f) => path.join(dir, f)),
    );
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const deb822 = /^URIs:\s*(\S+\/debian)\/?\s*$/m.exec(text);
    if (deb822) return deb822[1];
    const oneLine = /^deb\s+(?:\[[^\]]*\]\s+)?(\S+\/debian)\/?\s+bookworm\s/m.exec(text);
    if (oneLine) return oneLine[1];
  }
  return 'http://deb.debian.org/debian';
}

const HOST_CA = '/usr/local/etc/ssl/host-ca-certificates.crt';

/**
 * The certificate authorities this machine's npm trusts beyond Node's own (npm's `cafile`, else
 * NODE_EXTRA_CA_CERTS): where a TLS-inspecting proxy stands between it and the npm registry, the
 * `npm ci` of the build must trust the same ones.
 */
function hostCaFile() {
  const res = spawnSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8' });
  const cafile = res.status === 0 ? res.stdout.trim() : '';
  for (const file of [cafile, process.env.NODE_EXTRA_CA_CERTS])
    if (file && file !== 'null' && fs.existsSync(file)) return file;
  return undefined;
}

function sh(cmd, args, opts = {}) {
  console.log(`$ ${[cmd, ...args].join(' ')}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (res.status !== 0) throw new Error(`${cmd} failed (${res.status ?? res.error})`);
}

/**
 * Builds BASE_IMAGE unless it exists: debootstrap of bookworm (minbase) plus this machine's node,
 * npm and Node headers under /usr/local (as in node:20-bookworm-slim, so native modules compile
 * without downloading headers) and the certificate authorities its npm trusts, imported into
 * podman. Needs root and the Debian mirror.
 */
export function ensureBaseImage(podman) {
  if (podman.imageExists(BASE_IMAGE)) {
    console.log(`${BASE_IMAGE}: cached (podman rmi ${BASE_IMAGE} to rebuild it)`);
    return;
  }
  if (process.getuid?.() !== 0) throw new Error(`building ${BASE_IMAGE} needs root (debootstrap)`);
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  const npmDir = path.join(prefix, 'lib', 'node_modules', 'npm');
  const headers = path.join(prefix, 'include', 'node');
  for (const p of [npmDir, headers])
    if (!fs.existsSync(p))
      throw new Error(`${p} not found: the base image needs this machine's npm and Node headers`);
  const rootfs = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-base-'));
  try {
    const started = Date.now();
    sh('nice', ['-n', '10', 'debootstrap', '--variant=minbase', 'bookworm', rootfs, debianMirror()]);
    console.log(`debootstrap: ${Math.round((Date.now() - started) / 1000)} s`);
    const local = path.join(rootfs, 'usr', 'local');
    fs.mkdirSync(path.join(local, 'bin'), { recursive: true });
    fs.mkdirSync(path.join(local, 'lib', 'node_modules'), { recursive: true });
    fs.mkdirSync(path.join(local, 'include'), { recursive: true });
    fs.copyFileSync(process.execPath, path.join(local, 'bin', 'node'));
    fs.chmodSync(path.join(local, 'bin', 'node'), 0o755);
    fs.cpSync(npmDir, path.join(local, 'lib', 'node_modules', 'npm'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    fs.cpSync(headers, path.join(local, 'include', 'node'), { recursive: true });
    fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(local, 'bin', 'npm'));
    fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(local, 'bin', 'npx'));
    const ca = hostCaFile();
    if (ca) {
      fs.mkdirSync(path.join(local, 'etc', 'ssl'), { recursive: true });
      fs.copyFileSync(ca, path.join(rootfs, HOST_CA.slice(1)));
      console.log(`base image trusts this machine's certificate authorities (${ca})`);
    }
    for (const cache of ['var/cache/apt/archives', 'var/lib/apt/lists'])
      for (const f of fs.readdirSync(path.join(rootfs, cache)))
        if (f.endsWith('.deb') || f.endsWith('_Packages'))
          fs.rmSync(path.join(rootfs, cache, f), { force: true });
    const changes = [
      "--change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'",
      ...(ca ? [`--change 'ENV NODE_EXTRA_CA_CERTS=${HOST_CA}'`] : []),
      `--change 'CMD ["node"]'`,
    ].join(' ');
    sh(
      'sh',
      ['-c', `tar -C '${rootfs}' -c . | podman ${GLOBAL.join(' ')} import ${changes} - ${BASE_IMAGE}`],
      {
        env: podman.env,
      },
    );
  } finally {
    fs.rmSync(rootfs, { recursive: true, force: true });
  }
}
