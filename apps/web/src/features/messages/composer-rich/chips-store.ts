import { create } from 'zustand';

/** Files pasted or dropped that are neither images nor videos: chips in the composer until sent. */
interface ChipsState {
  byConv: Record<string, File[]>;
  add(conversationID: string, files: File[]): void;
  remove(conversationID: string, index: number): void;
  take(conversationID: string): File[];
}

export const useChips = create<ChipsState>((set, get) => ({
  byConv: {},
  add: (id, files) => set((s) => ({ byConv: { ...s.byConv, [id]: [...(s.byConv[id] ?? []), ...files] } })),
  remove: (id, index) =>
    set((s) => ({ byConv: { ...s.byConv, [id]: (s.byConv[id] ?? []).filter((_, i) => i !== index) } })),
  take: (id) => {
    const files = get().byConv[id] ?? [];
    set((s) => ({ byConv: { ...s.byConv, [id]: [] } }));
    return files;
  },
}));
