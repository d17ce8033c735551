import { Errors } from '@parley/protocol';
import { apiErrorText } from '../../lib/error-text';
import { toast } from '../../ui/toast-store';

/**
 * The client's local review list (docs/api.md "Sending"): words given at build time in
 * VITE_LOCAL_BLOCKED_WORDS, comma-separated and matched regardless of case (unset: no list). A text
 * holding one is refused here, before anything is stored or sent, with 3123 文本包含本地审核拦截词.
 */
export function localBlockedWords(): string[] {
  const raw = (import.meta.env.VITE_LOCAL_BLOCKED_WORDS as string | undefined) ?? '';
  return raw
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
}

/** The refusal of `text` by the local list (the catalogue's 3123), or null when it may be sent. */
export function localRefusal(text: string): { code: number; msg: string } | null {
  const lower = text.toLowerCase();
  if (!localBlockedWords().some((w) => lower.includes(w))) return null;
  return { code: Errors.localBlockedWord.code, msg: Errors.localBlockedWord.msg };
}

/** Shows the refusal (in the UI language) and answers true when the local list refuses `text`. */
export function refusedLocally(text: string): boolean {
  const refusal = localRefusal(text);
  if (refusal) toast.error(apiErrorText({ code: refusal.code, message: refusal.msg }));
  return refusal !== null;
}
