/**
 * `npm start`: runs the compiled server (dist/main.js, apps/server/scripts/build.mjs) with the V8
 * flags of v8-flags.json, the one place they are set (the benches read the same file). Why each flag:
 * docs/decisions/006-v8-flags.md. Signals reach the server; its exit code is this process's.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const flags = JSON.parse(fs.readFileSync(path.join(root, 'v8-flags.json'), 'utf8'));
const child = spawn(process.execPath, [...flags, '--enable-source-maps', path.join(root, 'dist/main.js')], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
