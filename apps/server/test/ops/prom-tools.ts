import { spawnSync } from 'node:child_process';

/**
 * Debian's prometheus package (prometheus and promtool). Without it a test of the metrics skips with
 * a loud message outside CI; in CI (and as root, where scripts/test-all.mjs installs it) it fails.
 */
export const PROM_TOOLS = ['prometheus', 'promtool'];
export const missingPromTools = PROM_TOOLS.filter(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
);
const mayInstall = process.getuid?.() === 0 || !!process.env.CI;
export const skipPromTools = missingPromTools.length > 0 && !mayInstall;
if (skipPromTools)
  console.warn(
    `\n*** SKIPPED: the metrics tests need ${missingPromTools.join(', ')} (Debian: prometheus); ` +
      `npm test installs it when run as root. ***\n`,
  );

/** In CI and as root the test command installed the tools: missing is a failure. */
export function requirePromTools(): void {
  if (missingPromTools.length > 0)
    throw new Error(
      `missing ${missingPromTools.join(', ')}: run scripts/test-all.mjs, which installs prometheus`,
    );
}
