import { accountErrors } from './errors/account.js';
import { adminErrors } from './errors/admin.js';
import { callErrors } from './errors/calls.js';
import type { ErrorDef } from './errors/define.js';
import { generalErrors } from './errors/general.js';
import { groupCallErrors } from './errors/group-calls.js';
import { hardeningErrors } from './errors/hardening.js';
import { messagingErrors } from './errors/messaging.js';
import { paidErrors } from './errors/paid.js';
import { momentErrors } from './errors/moments.js';
import { sfuErrors } from './errors/sfu.js';
import { socialErrors } from './errors/social.js';
import { toolErrors } from './errors/tools.js';

export * from './errors/define.js';
export * from './errors/details.js';
export { ToolErrorDetails } from './errors/tools.js';

/**
 * The error catalogue (docs/api.md "Error codes") as data. Each entry has the code sent in the
 * envelope, the HTTP status class it travels with and its text in zh-CN, en and ja; the server
 * answers `msg` in the caller's language (docs/api.md "Languages").
 *
 * To add a code: add `name: def(code, status, { 'zh-CN': '…', en: '…', ja: '…' })` to the area file
 * under errors/ it belongs to (or a new area file spread in below). Where the product defines no
 * code, Parley's own codes live in the 1xxxx range below 11011, in 21xxx (friends, blacklist, tags),
 * 22xxx (groups), 230xx (calls), 231xx (moments), 24xxx (conversation tools), 25xxx (translation,
 * membership codes), 26xxx (abuse limits, idempotency, consent), 28xxx (the admin console) or in 9xxxx; they are listed in docs/api.md.
 */
export const Errors = {
  ...generalErrors,
  ...accountErrors,
  ...socialErrors,
  ...messagingErrors,
  ...callErrors,
  ...groupCallErrors,
  ...paidErrors,
  ...momentErrors,
  ...hardeningErrors,
  ...toolErrors,
  ...sfuErrors,
  ...adminErrors,
} as const satisfies Record<string, ErrorDef>;

export type ErrorName = keyof typeof Errors;

/**
 * Codes that make the web client clear its session and go to /login: the product's whole range.
 * This server sends 11011, 11013, 11014 and 11016 (the catalogue above); 11012 (another device took
 * the session) and 11015 (password changed) belong to features it does not have.
 */
export const SESSION_CODES: readonly number[] = [712, 11011, 11012, 11013, 11014, 11015, 11016];
