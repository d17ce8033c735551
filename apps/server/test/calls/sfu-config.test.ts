import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('SFU configuration', () => {
  it('defaults to the embedded werift SFU', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).sfu).toEqual({
      kind: 'werift',
      portRange: undefined,
      hostAddresses: [],
    });
    expect(
      loadConfig({
        NODE_ENV: 'test',
        SFU_PORT_RANGE: '40000-40999',
        SFU_HOST_ADDRESSES: '203.0.113.5, 127.0.0.1',
      }).sfu,
    ).toEqual({ kind: 'werift', portRange: [40000, 40999], hostAddresses: ['203.0.113.5', '127.0.0.1'] });
  });

  it('takes Janus with its URL', () => {
    expect(
      loadConfig({ NODE_ENV: 'test', SFU: 'janus', JANUS_URL: 'http://127.0.0.1:8088/janus/' }).sfu,
    ).toEqual({
      kind: 'janus',
      url: 'http://127.0.0.1:8088/janus',
    });
  });

  it('refuses to start on a setting it cannot use, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SFU: 'janus' })).toThrow('SFU=janus needs JANUS_URL');
    expect(() => loadConfig({ NODE_ENV: 'test', SFU: 'mediasoup' })).toThrow('Invalid SFU: mediasoup');
    expect(() => loadConfig({ NODE_ENV: 'test', SFU_PORT_RANGE: '5000-4000' })).toThrow(
      'Invalid SFU_PORT_RANGE',
    );
  });
});
