import { Call } from '@parley/protocol';
import { call as api } from '../../lib/api';

/**
 * The caller's call-time record while connected (/media/*): created on connect, reported every
 * 60 s, closed at the end. A report answering 1 (limit reached) hangs up and shows the membership
 * dialog; 3 failed reports in a row hang up.
 */
let timer: ReturnType<typeof setInterval> | null = null;
let recordId: number | null = null;

export function startLimitWatch(
  peerWtId: string,
  callType: number,
  on: { onLimit(): void; onFailed(): void },
): void {
  stopLimitWatch();
  let failures = 0;
  let step = 0;
  void api('calls', 'mediaCall', { acceptWtId: peerWtId, callType: callType === 1 ? 1 : 2 }, { silent: true })
    .then((r) => {
      recordId = r.callId;
    })
    .catch(() => undefined);
  timer = setInterval(() => {
    if (recordId === null) return;
    step += 1;
    api('calls', 'uploadCall', { callId: recordId, uploadStep: step }, { silent: true })
      .then((reached) => {
        failures = 0;
        if (reached === 1) on.onLimit();
      })
      .catch(() => {
        failures += 1;
        if (failures >= Call.limitPollMaxFailures) on.onFailed();
      });
  }, Call.limitPollMs);
}

export function stopLimitWatch(): void {
  if (timer) clearInterval(timer);
  timer = null;
  const id = recordId;
  recordId = null;
  if (id !== null)
    void api('calls', 'exitCall', { callId: id, uploadStep: 1 }, { silent: true }).catch(() => undefined);
}
