import { create } from 'zustand';
import type { TranslateTarget } from '@parley/protocol';
import { call } from '../../../lib/api';
import { apiErrorText } from '../../../lib/error-text';
import { ApiError } from '../../../lib/http';

/** What a panel under a message shows: a translation into `lang`, or the transcript of a recording. */
export type PanelKind = { kind: 'translate'; lang: TranslateTarget } | { kind: 'voice' };

export type PanelResult =
  { status: 'loading' } | { status: 'done'; text: string } | { status: 'error'; error: string };

interface TranslationState {
  /** The open panel of each message (one per message: opening another kind replaces it). */
  open: Record<string, PanelKind | undefined>;
  /** Results per message ID and kind: asked once, kept for the session (failures are retried). */
  results: Record<string, PanelResult | undefined>;
  toggle(messageID: string, panel: PanelKind): void;
  retry(messageID: string, panel: PanelKind): void;
}

export const resultKey = (messageID: string, p: PanelKind) =>
  p.kind === 'voice' ? `${messageID}:voice` : `${messageID}:${p.lang}`;

const same = (a: PanelKind | undefined, b: PanelKind) =>
  !!a && a.kind === b.kind && (a.kind === 'voice' || (b.kind === 'translate' && a.lang === b.lang));

async function fetchResult(messageID: string, p: PanelKind): Promise<string> {
  if (p.kind === 'voice') return (await call('translation', 'voiceToText', { messageID })).text;
  return (await call('translation', 'translate', { messageID, targetLanguage: p.lang })).translatedText;
}

/**
 * Translation and voice-to-text panels under messages: toggled per message, each result cached by
 * message ID in the client (the server caches too), with loading and error states.
 */
export const useTranslationPanels = create<TranslationState>((set, get) => {
  const load = (messageID: string, p: PanelKind) => {
    const key = resultKey(messageID, p);
    const now = get().results[key];
    if (now && now.status !== 'error') return;
    set((s) => ({ results: { ...s.results, [key]: { status: 'loading' } } }));
    fetchResult(messageID, p).then(
      (text) => set((s) => ({ results: { ...s.results, [key]: { status: 'done', text } } })),
      (err: unknown) =>
        set((s) => ({
          results: {
            ...s.results,
            [key]: { status: 'error', error: err instanceof ApiError ? apiErrorText(err) : String(err) },
          },
        })),
    );
  };
  return {
    open: {},
    results: {},
    toggle(messageID, p) {
      if (same(get().open[messageID], p)) {
        set((s) => ({ open: { ...s.open, [messageID]: undefined } }));
        return;
      }
      set((s) => ({ open: { ...s.open, [messageID]: p } }));
      load(messageID, p);
    },
    retry: load,
  };
});

/** The translation target for a UI language: zh-CN → zh, en, ja. */
export function targetFor(language: string): TranslateTarget {
  if (language.startsWith('ja')) return 'ja';
  if (language.startsWith('en')) return 'en';
  return 'zh';
}
