import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLongPress } from './ContextMenu';

function Target({ onLongPress }: { onLongPress: (x: number, y: number) => void }) {
  const handlers = useLongPress(onLongPress);
  return (
    <div data-testid="target" {...handlers}>
      message
    </div>
  );
}

const touch = { touches: [{ clientX: 40, clientY: 120 }] };

describe('long press on a message (touch)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the menu after 500 ms held still, at the touch point', () => {
    const opened = vi.fn();
    render(<Target onLongPress={opened} />);
    fireEvent.touchStart(screen.getByTestId('target'), touch);
    act(() => vi.advanceTimersByTime(499));
    expect(opened).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(opened).toHaveBeenCalledWith(40, 120);
  });

  it('a tap, a move or a cancel before 500 ms opens nothing', () => {
    const opened = vi.fn();
    render(<Target onLongPress={opened} />);
    const el = screen.getByTestId('target');
    for (const end of [fireEvent.touchEnd, fireEvent.touchMove, fireEvent.touchCancel]) {
      fireEvent.touchStart(el, touch);
      act(() => vi.advanceTimersByTime(300));
      end(el);
      act(() => vi.advanceTimersByTime(1000));
    }
    expect(opened).not.toHaveBeenCalled();
  });

  it('the release of a long press is cancelled (no mouse events or click follow); a tap’s is not', () => {
    render(<Target onLongPress={vi.fn()} />);
    const el = screen.getByTestId('target');
    fireEvent.touchStart(el, touch);
    act(() => vi.advanceTimersByTime(500));
    expect(fireEvent.touchEnd(el)).toBe(false);
    fireEvent.touchStart(el, touch);
    act(() => vi.advanceTimersByTime(100));
    expect(fireEvent.touchEnd(el)).toBe(true);
  });
});
