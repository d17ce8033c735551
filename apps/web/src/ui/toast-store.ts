import { create } from 'zustand';
import { Ui } from '@parley/protocol';
import { currentOutage } from '../lib/outage';

export type ToastType = 'success' | 'info' | 'warning' | 'error';

export interface ToastItem {
  id: number;
  type: ToastType;
  message: string;
  duration: number;
}

interface ToastState {
  items: ToastItem[];
  show(message: string, type?: ToastType, duration?: number): number;
  close(id: number): void;
  clear(): void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToasts = create<ToastState>((set, get) => ({
  items: [],
  show(message, type = 'info', duration = Ui.toastDuration) {
    const id = nextId++;
    set({ items: [...get().items, { id, type, message, duration }] });
    if (duration > 0)
      timers.set(
        id,
        setTimeout(() => get().close(id), duration),
      );
    return id;
  },
  close(id) {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    set({ items: get().items.filter((t) => t.id !== id) });
  },
  clear() {
    timers.forEach((timer) => clearTimeout(timer));
    timers.clear();
    set({ items: [] });
  },
}));

type ToastFn = ((message: string, duration?: number) => number) & {
  success(message: string, duration?: number): number;
  info(message: string, duration?: number): number;
  warning(message: string, duration?: number): number;
  error(message: string, duration?: number): number;
  close(id: number): void;
};

const show = (type: ToastType) => (message: string, duration?: number) =>
  useToasts.getState().show(message, type, duration);

/** While the network banner shows, it is the one message of the outage: error toasts wait it out. */
const showError = (message: string, duration?: number) =>
  currentOutage() ? 0 : useToasts.getState().show(message, 'error', duration);

/** Imperative toast API (default type info, 3000 ms). */
export const toast: ToastFn = Object.assign(show('info'), {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: showError,
  close: (id: number) => useToasts.getState().close(id),
});

/**
 * Vertical positions of stacked toasts: the first sits 30 px from the top, each next one
 * 20 px below the bottom of the previous one. Closing a toast removes its height, so the ones below
 * move up.
 */
export function toastOffsets(heights: readonly number[]): number[] {
  const out: number[] = [];
  let top = Ui.toastFirstTop;
  for (const h of heights) {
    out.push(top);
    top += h + Ui.toastGap;
  }
  return out;
}
