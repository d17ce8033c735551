import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import i18n, { i18nReady } from './lib/i18n';
import { loadPinyin } from './lib/search/pinyin';

// Load the namespaces the components under test use, in the default language.
await i18nReady;
// jsdom's browser speaks en-US; the components are tested in the default language.
await i18n.changeLanguage('zh-CN');
await i18n.loadNamespaces(['common', 'auth', 'public']);
// The pinyin dictionary loads on first need in the app; the tests' names are spelled from the start.
await loadPinyin();

// findBy*/waitFor wait for their condition; their 1 s default turned a slow machine (lazy chunks
// and namespaces loading beside other test files) into failures. The test's own timeout still ends
// a wait that never comes true.
configure({ asyncUtilTimeout: 15_000 });

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
