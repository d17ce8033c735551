import { create } from 'zustand';

/** The open custom tab (a session group id), or null while a built-in tab is open. */
export const useCustomTab = create<{ id: number | null; open(id: number | null): void }>((set) => ({
  id: null,
  open: (id) => set({ id }),
}));
