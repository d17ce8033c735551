import { ErrorDetails } from '@parley/protocol';
import { definePolicy, type Decision } from './policy.js';

/** A QR login code's states (qr_logins.status). */
export const QrStatus = { waiting: 0, scanned: 1, confirmed: 2, consumed: 3 } as const;

/**
 * A QR login code as loaded by its hash (modules/auth/qr.service.ts): undefined when no code has
 * that hash. `scannedBy`: the user whose session scanned it (null before a scan).
 */
export interface QrFacts {
  code: { status: number; expiresAt: number; scannedBy: number | null } | undefined;
  now: number;
}

/** A code that can still be used: known, not consumed, not expired. */
const live = (f: QrFacts): Decision => {
  if (!f.code) return 'qrUnknown';
  if (f.code.status === QrStatus.consumed) return 'qrUsed';
  return f.code.expiresAt <= f.now ? 'qrExpired' : true;
};

const scannedByOther = (actor: { userId: number }, f: QrFacts) =>
  f.code!.scannedBy !== null && f.code!.scannedBy !== actor.userId;
const OTHER_SCANNER = { error: 'forbidden', detail: ErrorDetails.qrScannedByOther } as const;

export const qrPolicy = definePolicy({
  /** Poll a code (the login page; no session): while it is live. */
  'qr.poll': (_actor, f: QrFacts) => live(f),
  /**
   * Scan a code (a signed-in session): live, not confirmed yet, and not scanned by another user (the
   * first scan binds the code; the same user may scan it again).
   */
  'qr.scan': (actor, f: QrFacts) => {
    const d = live(f);
    if (d !== true) return d;
    if (f.code!.status === QrStatus.confirmed) return 'qrUsed';
    return scannedByOther(actor, f) ? OTHER_SCANNER : true;
  },
  /** Confirm a code: live, scanned, and scanned by the confirming user. */
  'qr.confirm': (actor, f: QrFacts) => {
    const d = live(f);
    if (d !== true) return d;
    if (f.code!.status === QrStatus.waiting) return 'qrNotScanned';
    return scannedByOther(actor, f) ? OTHER_SCANNER : true;
  },
});
