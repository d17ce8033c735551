import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Toaster } from './Toaster';
import { toast, toastOffsets, useToasts } from './toast-store';

const tops = () => screen.queryAllByTestId('toast').map((el) => [el.textContent, el.style.top]);

describe('toast', () => {
  afterEach(() => {
    act(() => useToasts.getState().clear());
    vi.useRealTimers();
  });

  it('stacks 20 px apart starting at 30 px', () => {
    expect(toastOffsets([])).toEqual([]);
    expect(toastOffsets([40])).toEqual([30]);
    expect(toastOffsets([40, 40, 60])).toEqual([30, 90, 150]);
  });

  it('defaults to info, closes after 3000 ms, and the ones below move up on close', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast('first');
    });
    act(() => {
      vi.advanceTimersByTime(1000);
      toast.error('second');
      toast.success('third', 10_000);
    });
    expect(useToasts.getState().items.map((t) => t.type)).toEqual(['info', 'error', 'success']);
    // jsdom has no layout (heights 0): tops are 30, 50, 70.
    expect(tops()).toEqual([
      ['first', '30px'],
      ['second', '50px'],
      ['third', '70px'],
    ]);
    act(() => vi.advanceTimersByTime(2000));
    expect(tops()).toEqual([
      ['second', '30px'],
      ['third', '50px'],
    ]);
    act(() => vi.advanceTimersByTime(1000));
    expect(tops()).toEqual([['third', '30px']]);
  });

  it('closing one by hand shifts the rest', () => {
    render(<Toaster />);
    let id = 0;
    act(() => {
      id = toast.info('a');
      toast.warning('b');
    });
    act(() => toast.close(id));
    expect(tops()).toEqual([['b', '30px']]);
    expect(screen.getByTestId('toast').className).toContain('toast--warning');
  });
});
