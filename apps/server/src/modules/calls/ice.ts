import { createHmac } from 'node:crypto';
import type { IceServers } from '@parley/protocol';
import type { Config } from '../../config.js';

/**
 * ICE servers for a user. TURN credentials follow coturn's REST-secret scheme (`use-auth-secret`):
 * username `<expiry unix seconds>:<wtId>`, credential base64(HMAC-SHA1(secret, username)), so
 * coturn checks them without a database and they stop working at the expiry.
 */
export function iceServersFor(config: Config, wtId: string, nowMs: number): IceServers {
  const expires = Math.floor(nowMs / 1000) + config.turnTtlSeconds;
  const iceServers: IceServers['iceServers'] = [];
  if (config.stunUrls.length > 0) iceServers.push({ urls: config.stunUrls });
  if (config.turnUrls.length > 0 && config.turnSecret) {
    const username = `${expires}:${wtId}`;
    const credential = createHmac('sha1', config.turnSecret).update(username).digest('base64');
    iceServers.push({ urls: config.turnUrls, username, credential });
  }
  return { iceServers, iceTransportPolicy: config.iceTransportPolicy, expiresAt: expires * 1000 };
}
