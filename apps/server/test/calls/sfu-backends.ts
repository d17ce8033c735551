import type { Sfu } from '../../src/modules/calls/sfu/sfu.js';
import { WeriftSfu } from '../../src/modules/calls/sfu/werift-sfu.js';

type Start = () => Promise<{ sfu: Sfu; stop: () => Promise<void> }>;

/** The back ends the SFU tests run against: werift always; Janus when its binary is installed. */
export function sfuBackends(): [string, Start][] {
  const werift: Start = async () => {
    const sfu = new WeriftSfu({ stunUrls: [], levelsIntervalMs: 100 });
    return { sfu, stop: () => sfu.close() };
  };
  return [['werift', werift]];
}
