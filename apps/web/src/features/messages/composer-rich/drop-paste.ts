import { usePreview } from './preview-store';
import { afterUploads, sendFile } from './rich-send';
import type { FileKind } from './upload';

/**
 * Files pasted, dropped or picked go into the send preview (never out at once: a pasted screenshot
 * leaves only with a click or Enter there). Answers whether there were files.
 */
export function takeFiles(
  conversationID: string,
  list: FileList | File[] | null | undefined,
  as?: FileKind,
): boolean {
  const files = list ? Array.from(list) : [];
  if (files.length === 0) return false;
  usePreview.getState().add(conversationID, files, as);
  return true;
}

/**
 * Sends what the preview holds, in its order, then the caption as a text message once those have
 * gone out (`sendCaption`); answers how many files were sent.
 */
export function sendPreview(conversationID: string, sendCaption?: () => void): number {
  const files = usePreview.getState().take(conversationID);
  for (const f of files) sendFile(conversationID, f.file, f.as);
  if (sendCaption) void afterUploads(conversationID).then(sendCaption);
  return files.length;
}
