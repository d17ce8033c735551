import fs from 'node:fs';
import { JanusSfu } from '../../src/modules/calls/sfu/janus/janus-sfu.js';
import type { Sfu } from '../../src/modules/calls/sfu/sfu.js';
import { WeriftSfu } from '../../src/modules/calls/sfu/werift-sfu.js';
import { JANUS_BIN, startJanus } from './janus-server.js';

type Start = () => Promise<{ sfu: Sfu; stop: () => Promise<void> }>;

/**
 * The back ends the SFU tests run against: the embedded werift SFU, and Janus VideoRoom started by
 * the test (scripts/test-all.mjs installs Debian's `janus`; a machine without it skips that half).
 */
export function sfuBackends(): [string, Start][] {
  const werift: Start = async () => {
    const sfu = new WeriftSfu({ stunUrls: [], levelsIntervalMs: 100 });
    return { sfu, stop: () => sfu.close() };
  };
  const janus: Start = async () => {
    const server = await startJanus();
    const sfu = new JanusSfu(server.url);
    return {
      sfu,
      stop: async () => {
        await sfu.close();
        await server.stop();
      },
    };
  };
  return fs.existsSync(JANUS_BIN)
    ? [
        ['werift', werift],
        ['janus', janus],
      ]
    : [['werift', werift]];
}
