import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { useCallback } from 'react';
import { formatTime, type TimeLabels } from './format';
import { StorageKeys, storage } from './storage';

export const LANGUAGES = ['zh-CN', 'en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/**
 * Catalogues are one file per namespace per language: src/locales/<lang>/<namespace>.ts with a
 * default export. Any file added there is picked up (and code-split) without touching this module.
 */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.ts');

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = catalogues[`../locales/${language}/${namespace}.ts`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

/** The first of the browser's languages Parley speaks (en-GB → en, ja-JP → ja, zh-TW → zh-CN). */
export function browserLanguage(preferred: readonly string[]): Language | null {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'zh') return 'zh-CN';
    const hit = LANGUAGES.find((l) => l.toLowerCase() === base);
    if (hit) return hit;
  }
  return null;
}

/** The language chosen on this device, else the browser's, else Chinese. */
function initialLanguage(): Language {
  const stored = storage.get(StorageKeys.language);
  if (isLanguage(stored)) return stored;
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  return browserLanguage(nav?.languages?.length ? nav.languages : [nav?.language ?? '']) ?? DEFAULT_LANGUAGE;
}

export const i18nReady = i18n
  .use(backend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    react: { useSuspense: true },
  });

if (typeof document !== 'undefined') {
  document.documentElement.lang = i18n.language || DEFAULT_LANGUAGE;
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
}

/**
 * Loads a screen's translation namespaces ahead of its first render, all at once: components ask for
 * theirs as they render, so a screen whose parts each use another namespace would otherwise wait for
 * them one after the other (docs/performance.md "Messages screen").
 */
export function preloadNamespaces(ns: readonly string[]): Promise<void> {
  return i18n.loadNamespaces([...ns]);
}

export async function changeLanguage(lng: Language): Promise<void> {
  storage.set(StorageKeys.language, lng);
  await i18n.changeLanguage(lng);
}

/** formatTime with the current language's labels. */
export function useFormatTime(): (value: number | Date, withTime?: boolean) => string {
  const { t } = useTranslation('common');
  return useCallback(
    (value: number | Date, withTime = false) => {
      const labels: TimeLabels = {
        yesterday: t('time.yesterday'),
        weekdays: t('time.weekdays', { returnObjects: true }) as string[],
      };
      return formatTime(value, labels, { withTime });
    },
    [t],
  );
}

export default i18n;
