import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import i18n, { i18nReady } from './lib/i18n';
import { loadPinyin } from './lib/search/pinyin';

// Load the namespaces the components under test use, in the default language.
await i18nReady;
await i18n.loadNamespaces(['common', 'auth', 'public']);
// The pinyin dictionary loads on first need in the app; the tests' names are spelled from the start.
await loadPinyin();

afterEach(() => {
  cleanup();
});

// Radix positions popovers with ResizeObserver, which jsdom lacks.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
