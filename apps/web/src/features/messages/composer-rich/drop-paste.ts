import { useChips } from './chips-store';
import { sendFile } from './rich-send';
import { kindOf } from './upload';

/**
 * Pasted or dropped files: images are sent as images and video types as videos at once; any other
 * file becomes a chip in the composer, sent with the next send. Answers whether files were taken.
 */
export function takeFiles(conversationID: string, list: FileList | null | undefined): boolean {
  const files = list ? Array.from(list) : [];
  if (files.length === 0) return false;
  const others: File[] = [];
  for (const f of files) {
    if (kindOf(f) === 'file') others.push(f);
    else sendFile(conversationID, f);
  }
  if (others.length) useChips.getState().add(conversationID, others);
  return true;
}

/** Sends the waiting chips as file messages; answers whether there were any. */
export function sendChips(conversationID: string): boolean {
  const files = useChips.getState().take(conversationID);
  for (const f of files) sendFile(conversationID, f, 'file');
  return files.length > 0;
}

/** Whether the composer holds chips to send (enables the send button without text). */
export const useHasChips = (conversationID: string) =>
  useChips((s) => (s.byConv[conversationID]?.length ?? 0) > 0);
