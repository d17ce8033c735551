import { describe, expect, it } from 'vitest';
import { parseSocketPath } from './socket-path.js';

describe('parseSocketPath', () => {
  it('reads the token and a well-formed since', () => {
    expect(parseSocketPath('/ws/abc')).toEqual({ rawToken: 'abc', since: undefined, lang: null });
    expect(parseSocketPath('/ws/abc/')).toEqual({ rawToken: 'abc', since: undefined, lang: null });
    expect(parseSocketPath('/ws/a%20b?since=42')).toEqual({ rawToken: 'a%20b', since: 42, lang: null });
    expect(parseSocketPath('/ws/abc/?x=1&since=0&y=2')).toEqual({ rawToken: 'abc', since: 0, lang: null });
  });

  it('reads the language a client names, one of zh-CN, en and ja', () => {
    expect(parseSocketPath('/ws/abc?lang=ja&since=3')).toEqual({ rawToken: 'abc', since: 3, lang: 'ja' });
    expect(parseSocketPath('/ws/abc?since=3&lang=en')).toEqual({ rawToken: 'abc', since: 3, lang: 'en' });
    for (const q of ['lang=fr', 'lang=EN', 'lang=zh', 'xlang=ja', 'lang=ja-JP']) {
      expect(parseSocketPath(`/ws/abc?${q}`)?.lang).toBeNull();
    }
  });

  it('ignores a malformed since and refuses other paths', () => {
    for (const q of ['since=', 'since=-1', 'since=1e3', 'since=12x', `since=${'9'.repeat(16)}`, 'xsince=4']) {
      expect(parseSocketPath(`/ws/abc?${q}`)).toEqual({ rawToken: 'abc', since: undefined, lang: null });
    }
    for (const url of ['/ws/', '/ws', '/api/ws/abc', '/ws/a/b', '']) expect(parseSocketPath(url)).toBeNull();
  });
});
