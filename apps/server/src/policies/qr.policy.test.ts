import { describe, expect, it } from 'vitest';
import { ErrorDetails } from '@parley/protocol';
import { decide } from './policy.js';
import { qrPolicy, QrStatus, type QrFacts } from './qr.policy.js';

// The QR login rules as a matrix: each row a code's state, each column an action by the user who
// scanned it (or who would scan it); a changed rule changes a cell.
const NOW = 1_000_000;
const ME = { userId: 1 };
const code = (status: number, scannedBy: number | null = null, expiresAt = NOW + 1): QrFacts => ({
  code: { status, expiresAt, scannedBy },
  now: NOW,
});
const OTHER = { error: 'forbidden', detail: ErrorDetails.qrScannedByOther };

const rows: Record<string, QrFacts> = {
  unknown: { code: undefined, now: NOW },
  waiting: code(QrStatus.waiting),
  scannedByMe: code(QrStatus.scanned, 1),
  scannedByOther: code(QrStatus.scanned, 2),
  confirmed: code(QrStatus.confirmed, 1),
  confirmedByOther: code(QrStatus.confirmed, 2),
  consumed: code(QrStatus.consumed, 1),
  expired: code(QrStatus.waiting, null, NOW),
  expiredScanned: code(QrStatus.scanned, 1, NOW - 1),
};

const expected: Record<string, unknown[]> = {
  //              poll           scan         confirm
  unknown: ['qrUnknown', 'qrUnknown', 'qrUnknown'],
  waiting: [true, true, 'qrNotScanned'],
  scannedByMe: [true, true, true],
  scannedByOther: [true, OTHER, OTHER],
  confirmed: [true, 'qrUsed', true],
  confirmedByOther: [true, 'qrUsed', OTHER],
  consumed: ['qrUsed', 'qrUsed', 'qrUsed'],
  expired: ['qrExpired', 'qrExpired', 'qrExpired'],
  expiredScanned: ['qrExpired', 'qrExpired', 'qrExpired'],
};

describe('QR login policy', () => {
  for (const [row, facts] of Object.entries(rows))
    it(row, () => {
      const got = (['qr.poll', 'qr.scan', 'qr.confirm'] as const).map((a) => decide(qrPolicy, a, ME, facts));
      expect(got).toEqual(expected[row]);
    });
});
