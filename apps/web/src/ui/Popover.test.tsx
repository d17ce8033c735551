import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Popover } from './Popover';

const content = () => screen.queryByText('menu body');

describe('Popover', () => {
  afterEach(() => vi.useRealTimers());

  it('click toggles and an outside click closes', async () => {
    render(
      <div>
        <span>outside</span>
        <Popover content="menu body">
          <button type="button">open</button>
        </Popover>
      </div>,
    );
    const trigger = screen.getByRole('button', { name: 'open' });
    fireEvent.click(trigger);
    expect(content()).not.toBeNull();
    fireEvent.click(trigger);
    expect(content()).toBeNull();
    fireEvent.click(trigger);
    expect(content()).not.toBeNull();
    // Radix starts listening for outside pointer-downs on the next tick.
    await act(() => new Promise((r) => setTimeout(r, 0)));
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(content()).toBeNull();
  });

  it('hover opens and closes 1 s after the pointer leaves (re-entering keeps it open)', () => {
    vi.useFakeTimers();
    render(
      <Popover trigger="hover" content="menu body">
        <button type="button">hover me</button>
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'hover me' });
    fireEvent.pointerEnter(trigger);
    expect(content()).not.toBeNull();
    fireEvent.pointerLeave(trigger);
    act(() => vi.advanceTimersByTime(900));
    expect(content()).not.toBeNull();
    fireEvent.pointerEnter(content()!);
    act(() => vi.advanceTimersByTime(2000));
    expect(content()).not.toBeNull();
    fireEvent.pointerLeave(content()!);
    act(() => vi.advanceTimersByTime(999));
    expect(content()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(content()).toBeNull();
  });
});
