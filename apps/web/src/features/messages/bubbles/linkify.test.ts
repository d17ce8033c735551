import { describe, expect, it } from 'vitest';
import { linkify, safeHref } from './linkify';

describe('linkify', () => {
  it('finds http(s), www. and e-mail links, leaving closing punctuation out', () => {
    expect(linkify('看 https://example.com/a?b=1, 和 www.parley.chat。', false)).toEqual([
      { kind: 'text', text: '看 ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', 和 ' },
      { kind: 'link', text: 'www.parley.chat', href: 'https://www.parley.chat/' },
      { kind: 'text', text: '。' },
    ]);
    expect(linkify('mail me: ann@example.org', false)[1]).toEqual({
      kind: 'link',
      text: 'ann@example.org',
      href: 'mailto:ann@example.org',
    });
  });

  it('never links javascript:, data: or other schemes', () => {
    expect(linkify('javascript:alert(1) data:text/html,x ftp://x.y', false)).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,x ftp://x.y' },
    ]);
    expect(
      ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x'].map(safeHref),
    ).toEqual([null, null, null, null]);
    expect(safeHref('https://a.b/c')).toBe('https://a.b/c');
  });

  it('marks @names only in a message that mentions someone', () => {
    expect(linkify('@小张 看一下 https://a.cn', true)).toEqual([
      { kind: 'mention', text: '@小张' },
      { kind: 'text', text: ' 看一下 ' },
      { kind: 'link', text: 'https://a.cn', href: 'https://a.cn/' },
    ]);
    expect(linkify('@小张 hi', false)).toEqual([{ kind: 'text', text: '@小张 hi' }]);
  });
});
