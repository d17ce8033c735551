import { z } from 'zod';
import { textField } from '../fields.js';

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
