import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Call } from '@parley/protocol';

// The caller's call-time poll (SPEC limit poll 60 s, 3 failures): a fake clock moves the timers.
const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', () => ({ call: api }));

import { startLimitWatch, stopLimitWatch } from './limit';

type Answer = number | Error;
/** Answers the calls to /media/uploadCall in turn (then 0: under the limit). */
function reports(...answers: Answer[]) {
  api.mockImplementation((_domain: string, name: string) => {
    if (name === 'mediaCall') return Promise.resolve({ callId: 41 });
    if (name === 'uploadCall') {
      const next = answers.shift() ?? 0;
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    }
    return Promise.resolve(null);
  });
}
const uploads = () => api.mock.calls.filter((c) => c[1] === 'uploadCall');

const on = { onLimit: vi.fn(), onFailed: vi.fn() };
beforeEach(() => {
  vi.useFakeTimers();
  api.mockReset();
  on.onLimit.mockReset();
  on.onFailed.mockReset();
});
afterEach(() => {
  stopLimitWatch();
  vi.useRealTimers();
});

describe(`call-limit poll (every ${Call.limitPollMs} ms, ${Call.limitPollMaxFailures} failures)`, () => {
  it('reports once a minute, not before', async () => {
    reports();
    startLimitWatch('peer', 2, on);
    await vi.advanceTimersByTimeAsync(Call.limitPollMs - 1);
    expect(uploads()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(uploads().map((c) => c[2])).toEqual([{ callId: 41, uploadStep: 1 }]);
    await vi.advanceTimersByTimeAsync(Call.limitPollMs);
    expect(uploads().map((c) => c[2])).toEqual([
      { callId: 41, uploadStep: 1 },
      { callId: 41, uploadStep: 2 },
    ]);
    expect([on.onLimit, on.onFailed].map((f) => f.mock.calls.length)).toEqual([0, 0]);
  });

  it('hangs up after the third failed report in a row, not after the second', async () => {
    reports(new Error('down'), new Error('down'), new Error('down'));
    startLimitWatch('peer', 2, on);
    await vi.advanceTimersByTimeAsync(Call.limitPollMs * (Call.limitPollMaxFailures - 1));
    expect(on.onFailed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(Call.limitPollMs);
    expect(on.onFailed).toHaveBeenCalledTimes(1);
  });

  it('a report that gets through starts the count again', async () => {
    reports(new Error('down'), new Error('down'), 0, new Error('down'), new Error('down'));
    startLimitWatch('peer', 2, on);
    await vi.advanceTimersByTimeAsync(Call.limitPollMs * 5);
    expect(uploads()).toHaveLength(5);
    expect(on.onFailed).not.toHaveBeenCalled();
  });

  it('an answer of 1 (limit reached) shows the membership prompt', async () => {
    reports(0, 1);
    startLimitWatch('peer', 1, on);
    await vi.advanceTimersByTimeAsync(Call.limitPollMs);
    expect(on.onLimit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(Call.limitPollMs);
    expect(on.onLimit).toHaveBeenCalledTimes(1);
    expect(api).toHaveBeenCalledWith(
      'calls',
      'mediaCall',
      { acceptWtId: 'peer', callType: 1 },
      { silent: true },
    );
  });
});
