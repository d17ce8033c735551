import { describe, expect, it } from 'vitest';
import { browserLanguage } from './i18n';

describe('the first visit speaks the browser’s language', () => {
  it('maps regional tags to the languages Parley has', () => {
    expect(browserLanguage(['en-GB', 'zh-CN'])).toBe('en');
    expect(browserLanguage(['ja-JP'])).toBe('ja');
    expect(browserLanguage(['zh-TW', 'en'])).toBe('zh-CN');
    expect(browserLanguage(['JA'])).toBe('ja');
  });

  it('skips languages it does not have, and answers null when none matches', () => {
    expect(browserLanguage(['de-DE', 'fr', 'en-US'])).toBe('en');
    expect(browserLanguage(['de-DE', ''])).toBeNull();
    expect(browserLanguage([])).toBeNull();
  });
});
