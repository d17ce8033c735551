import type { Config } from '../../../config.js';
import { JanusSfu } from './janus/janus-sfu.js';
import { SFU_LEVELS_INTERVAL_MS, type Sfu } from './sfu.js';
import { WeriftSfu } from './werift-sfu.js';

/**
 * The node's SFU, as configured (`SFU`): the embedded werift one in a worker thread, or Janus
 * VideoRoom at `JANUS_URL`. The werift SFU gathers its own candidates with the same STUN servers as
 * one-to-one calls (`STUN_URLS`); TURN is for clients, which reach the SFU through it when they must.
 */
export function createSfu(config: Config): Sfu {
  const sfu = config.sfu;
  if (sfu.kind === 'janus') return new JanusSfu(sfu.url);
  return new WeriftSfu({
    stunUrls: config.stunUrls,
    portRange: sfu.portRange,
    hostAddresses: sfu.hostAddresses,
    levelsIntervalMs: SFU_LEVELS_INTERVAL_MS,
  });
}
