import type { Generated } from 'kysely';

/**
 * Tables of the paid features: translation and voice-to-text results kept per message, and
 * membership redemption codes.
 */

/** A provider's answer for one message: `lang` is the target language, or 'text' for a transcript. */
export interface TranslationCacheTable {
  message_id: number;
  lang: string;
  result: string;
  /** The language the provider detected (translations); '' for transcripts. */
  source_language: string;
  created_at: number;
}

/** A single-use code: its SHA-256 (the code itself is printed once, never stored). */
export interface MemberCodesTable {
  id: Generated<number>;
  code_hash: string;
  level: number;
  days: number;
  created_at: number;
  redeemed_by: number | null;
  redeemed_at: number | null;
}
