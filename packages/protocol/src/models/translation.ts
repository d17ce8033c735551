import { z } from 'zod';
import { textField } from '../fields.js';
import { messageRefBody } from '../rest/messages.js';

/** Languages a text message may be translated into (docs/api.md "Translation and voice to text"). */
export const translateTargets = ['zh', 'en', 'ja'] as const;
export type TranslateTarget = (typeof translateTargets)[number];

export const translateBody = messageRefBody.extend({
  targetLanguage: z.enum(translateTargets, { error: 'targetLanguage不支持' }),
});
export type TranslateBody = z.infer<typeof translateBody>;

export const translateResultSchema = z.object({
  translatedText: z.string(),
  /** The language the provider detected ('auto' when it did not say). */
  sourceLanguage: z.string(),
});
export type TranslateResult = z.infer<typeof translateResultSchema>;

export const voiceToTextBody = messageRefBody;
export const voiceToTextResultSchema = z.object({ text: z.string() });
export type VoiceToTextResult = z.infer<typeof voiceToTextResultSchema>;

/** Redemption codes (docs/api.md "Membership"): the code as printed, dashes and case ignored. */
export const MemberCodeLimits = {
  /** Levels and lengths an operator may issue. */
  maxLevel: 10,
  maxDays: 3660,
  maxCount: 10_000,
} as const;

export const redeemBody = z.object({ code: textField('code', { max: 64, min: 1 }) });
export type RedeemBody = z.infer<typeof redeemBody>;

/** A user's membership: vipType 1 = member; `vipUntil` its end (unix ms; 0 = no end, or none). */
export const memberStatusSchema = z.object({
  vipType: z.number(),
  vipLevel: z.number(),
  vipUntil: z.number(),
});
export type MemberStatus = z.infer<typeof memberStatusSchema>;
