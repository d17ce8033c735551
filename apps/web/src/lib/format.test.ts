import { describe, expect, it } from 'vitest';
import { formatDuration, formatSize, formatTime, toDate } from './format';

// Wednesday 20 Nov 2024, 15:30 local time.
const now = new Date(2024, 10, 20, 15, 30);
const at = (y: number, m: number, d: number, h = 9, min = 5) => new Date(y, m - 1, d, h, min);

describe('formatTime (chat time display)', () => {
  it('today shows HH:mm', () => {
    expect(formatTime(at(2024, 11, 20, 0, 1), undefined, { now })).toBe('00:01');
    expect(formatTime(at(2024, 11, 20, 9, 5), undefined, { now })).toBe('09:05');
  });
  it('yesterday shows the label, optionally with the time', () => {
    expect(formatTime(at(2024, 11, 19, 23, 59), undefined, { now })).toBe('昨天');
    expect(formatTime(at(2024, 11, 19, 8, 0), undefined, { now, withTime: true })).toBe('昨天 08:00');
  });
  it('within a week shows the weekday name', () => {
    expect(formatTime(at(2024, 11, 18), undefined, { now })).toBe('星期一');
    expect(formatTime(at(2024, 11, 14), undefined, { now })).toBe('星期四');
    expect(
      formatTime(
        at(2024, 11, 14),
        { yesterday: 'Yesterday', weekdays: ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] },
        { now },
      ),
    ).toBe('Th');
  });
  it('older this year shows M/D, earlier years add the year', () => {
    expect(formatTime(at(2024, 11, 13), undefined, { now })).toBe('11/13');
    expect(formatTime(at(2024, 1, 2), undefined, { now })).toBe('1/2');
    expect(formatTime(at(2023, 12, 31), undefined, { now })).toBe('2023/12/31');
  });
  it('accepts unix seconds, milliseconds and Dates', () => {
    const d = at(2024, 11, 20, 10, 0);
    expect(formatTime(Math.floor(d.getTime() / 1000), undefined, { now })).toBe('10:00');
    expect(formatTime(d.getTime(), undefined, { now })).toBe('10:00');
    expect(toDate(1_700_000_000).getTime()).toBe(1_700_000_000_000);
  });
});

describe('formatSize', () => {
  it('uses B, KB, MB or GB with two decimals', () => {
    expect(formatSize(0)).toBe('0B');
    expect(formatSize(1023)).toBe('1023B');
    expect(formatSize(1024)).toBe('1.00KB');
    expect(formatSize(1536)).toBe('1.50KB');
    expect(formatSize(1024 * 1024)).toBe('1.00MB');
    expect(formatSize(100 * 1024 * 1024)).toBe('100.00MB');
    expect(formatSize(28.61 * 1024 * 1024)).toBe('28.61MB');
    expect(formatSize(2.5 * 1024 ** 3)).toBe('2.50GB');
    expect(formatSize(-1)).toBe('0B');
  });
});

describe('formatDuration', () => {
  it('is hh:mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(3725)).toBe('01:02:05');
  });
});
