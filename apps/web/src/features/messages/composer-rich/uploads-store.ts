import { create } from 'zustand';

/** An own message whose media is still uploading (or whose upload failed), by clientMsgId. */
export interface UploadEntry {
  progress: number;
  state: 'uploading' | 'failed';
  cancel(): void;
  retry(): void;
}

interface UploadsState {
  byId: Record<string, UploadEntry>;
  set(clientMsgId: string, entry: UploadEntry): void;
  patch(clientMsgId: string, patch: Partial<UploadEntry>): void;
  remove(clientMsgId: string): void;
}

export const useUploads = create<UploadsState>((set) => ({
  byId: {},
  set: (id, entry) => set((s) => ({ byId: { ...s.byId, [id]: entry } })),
  patch: (id, patch) =>
    set((s) => (s.byId[id] ? { byId: { ...s.byId, [id]: { ...s.byId[id], ...patch } } } : s)),
  remove: (id) =>
    set((s) => {
      if (!s.byId[id]) return s;
      const { [id]: _gone, ...rest } = s.byId;
      return { byId: rest };
    }),
}));
