import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TFunction } from 'i18next';
import type { ChatMessage } from '../types';
import { translationMenuItems } from './menu';
import { targetFor } from './translation-store';

const t = ((key: string) => key) as unknown as TFunction;
const msg = (type: string) => ({ ID: 'm1', type, payload: {} }) as unknown as ChatMessage;

describe('translation menu items', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('offers 翻译 on text and 转文字 on sound messages, nothing on others', () => {
    expect(translationMenuItems(msg('text'), t, 'zh-CN').map((i) => i.key)).toEqual(['translate']);
    expect(translationMenuItems(msg('sound'), t, 'zh-CN').map((i) => i.key)).toEqual(['voiceToText']);
    expect(translationMenuItems(msg('image'), t, 'zh-CN')).toEqual([]);
  });

  it('follows the feature switches (all on unless VITE_DISABLED_FEATURES names them)', () => {
    vi.stubEnv('VITE_DISABLED_FEATURES', ' translate , copy');
    expect(translationMenuItems(msg('text'), t, 'en')).toEqual([]);
    expect(translationMenuItems(msg('sound'), t, 'en').map((i) => i.key)).toEqual(['voiceToText']);
    vi.stubEnv('VITE_DISABLED_FEATURES', 'voiceToText');
    expect(translationMenuItems(msg('sound'), t, 'en')).toEqual([]);
  });

  it('translates into the UI language', () => {
    expect([targetFor('zh-CN'), targetFor('en'), targetFor('ja')]).toEqual(['zh', 'en', 'ja']);
  });
});
