import { create } from 'zustand';
import { kindOf, type FileKind } from './upload';

/** A file waiting in the send preview: what it will be sent as, and a thumbnail URL for images. */
export interface PendingFile {
  id: string;
  file: File;
  as: FileKind;
  /** An object URL of the image (revoked when the file leaves the preview). */
  thumb?: string;
}

/**
 * Files pasted, dropped or picked, per conversation: they wait in the send preview until the user
 * sends them (or removes them); nothing is uploaded before that.
 */
interface PreviewState {
  byConv: Record<string, PendingFile[]>;
  add(conversationID: string, files: File[], as?: FileKind): void;
  remove(conversationID: string, id: string): void;
  /** Empties the conversation's preview and answers what it held (to send). */
  take(conversationID: string): PendingFile[];
  clear(conversationID: string): void;
}

const revoke = (list: PendingFile[]) => {
  for (const f of list) if (f.thumb) URL.revokeObjectURL(f.thumb);
};

export const usePreview = create<PreviewState>((set, get) => ({
  byConv: {},
  add: (conv, files, as) => {
    const added = files.map((file) => {
      const kind = as ?? kindOf(file);
      return {
        id: crypto.randomUUID(),
        file,
        as: kind,
        thumb: kind === 'image' ? URL.createObjectURL(file) : undefined,
      };
    });
    set((s) => ({ byConv: { ...s.byConv, [conv]: [...(s.byConv[conv] ?? []), ...added] } }));
  },
  remove: (conv, id) => {
    revoke((get().byConv[conv] ?? []).filter((f) => f.id === id));
    set((s) => ({ byConv: { ...s.byConv, [conv]: (s.byConv[conv] ?? []).filter((f) => f.id !== id) } }));
  },
  take: (conv) => {
    const files = get().byConv[conv] ?? [];
    revoke(files);
    set((s) => ({ byConv: { ...s.byConv, [conv]: [] } }));
    return files;
  },
  clear: (conv) => void get().take(conv),
}));
