import { describe, expect, it } from 'vitest';
import { parseSocketPath } from './socket-path.js';

describe('parseSocketPath', () => {
  it('reads the token and a well-formed since', () => {
    expect(parseSocketPath('/ws/abc')).toEqual({ rawToken: 'abc', since: undefined });
    expect(parseSocketPath('/ws/abc/')).toEqual({ rawToken: 'abc', since: undefined });
    expect(parseSocketPath('/ws/a%20b?since=42')).toEqual({ rawToken: 'a%20b', since: 42 });
    expect(parseSocketPath('/ws/abc/?x=1&since=0&y=2')).toEqual({ rawToken: 'abc', since: 0 });
  });

  it('ignores a malformed since and refuses other paths', () => {
    for (const q of ['since=', 'since=-1', 'since=1e3', 'since=12x', `since=${'9'.repeat(16)}`, 'xsince=4']) {
      expect(parseSocketPath(`/ws/abc?${q}`)).toEqual({ rawToken: 'abc', since: undefined });
    }
    for (const url of ['/ws/', '/ws', '/api/ws/abc', '/ws/a/b', '']) expect(parseSocketPath(url)).toBeNull();
  });
});
