import type { UploadResult } from '@parley/protocol';
import { apiErrorText, errorTextOf } from '../../../lib/error-text';
import { useSession } from '../../../lib/session';
import { toast } from '../../../ui/toast-store';
import { outbox } from '../local';
import { pendingMessage } from '../merge';
import { deliver, type Delivery } from '../send';
import { useChatStore } from '../store';
import type { OutgoingMessage } from '../types';
import { videoFacts } from './media';
import { kindOf, MAX_UPLOAD_BYTES, uploadResumable, type FileKind } from './upload';
import { useUploads } from './uploads-store';

type RichType = Exclude<OutgoingMessage['type'], 'text'>;

function me() {
  const u = useSession.getState().user;
  return { wtId: u?.wtId ?? '', nick: u?.nickName ?? '', avatar: u?.avatar ?? '' };
}

function outgoing(
  conversationID: string,
  type: RichType,
  payload: Record<string, unknown>,
  clientMsgId = crypto.randomUUID(),
): OutgoingMessage {
  return { conversationID, clientMsgId, type, payload, createdAt: Date.now(), ownerID: me().wtId };
}

/** Sends a message whose payload is ready (face, location, cards, forwarded favorites): pending, outbox, deliver. */
export async function sendPayload(
  conversationID: string,
  type: RichType,
  payload: Record<string, unknown>,
): Promise<Delivery> {
  const out = outgoing(conversationID, type, payload);
  useChatStore.getState().addPending(pendingMessage(out, me()));
  await outbox.add(out);
  return deliver(out);
}

/** The payload of an uploaded image (original, large, thumb; the SPEC imageFormat codes). */
export function imagePayload(r: UploadResult): Record<string, unknown> {
  const infos = r.imageInfoArray ?? [
    { type: 0, url: r.url, width: r.width ?? 0, height: r.height ?? 0, size: r.size },
  ];
  return {
    imageInfoArray: infos.map((i) => ({
      url: i.url,
      width: i.width,
      height: i.height,
      size: i.size,
      uuid: `${r.uuid}_${i.type}`,
      ...(r.imageFormat !== undefined ? { imageFormat: r.imageFormat } : {}),
    })),
  };
}

/** What the bubble shows while the media uploads (a local object URL). */
function previewPayload(
  kind: FileKind | 'sound',
  file: Blob,
  name: string,
  second = 0,
): Record<string, unknown> {
  const url = URL.createObjectURL(file);
  if (kind === 'image') return { imageInfoArray: [{ url }], local: true };
  if (kind === 'video') return { url, snapshotUrl: '', local: true };
  if (kind === 'sound') return { url, second, local: true };
  return { fileUrl: '', fileName: name, fileSize: file.size, local: true };
}

/**
 * Uploads run side by side, but their messages are sent in the order they were picked: each waits
 * for the one before it in the same conversation (sent, failed or cancelled).
 */
const lastTurn = new Map<string, Promise<void>>();

/** Settles once every upload started so far in the conversation has been sent, failed or cancelled. */
export const afterUploads = (conversationID: string): Promise<void> =>
  lastTurn.get(conversationID) ?? Promise.resolve();

/**
 * Uploads `file` and sends it as `kind` with `build(result)`'s payload. The bubble shows at once
 * with the progress (0–1) and a cancel button; a failed upload keeps the bubble with a retry.
 */
function sendUploaded(
  conversationID: string,
  kind: FileKind | 'sound',
  file: Blob,
  name: string,
  build: (
    progress: (f: number) => void,
    onCancel: (c: () => void) => void,
  ) => Promise<Record<string, unknown>>,
  second = 0,
): void {
  const type: RichType = kind;
  const out = outgoing(conversationID, type, previewPayload(kind, file, name, second));
  const pending = pendingMessage(out, me());
  const chat = useChatStore.getState();
  chat.addPending(pending);
  const uploads = useUploads.getState();
  let cancelled = false;
  let stop = () => {};
  let endTurn = () => {};
  const previous = lastTurn.get(conversationID) ?? Promise.resolve();
  const turn = new Promise<void>((resolve) => (endTurn = resolve));
  lastTurn.set(conversationID, turn);

  const run = () => {
    cancelled = false;
    chat.setStatus(conversationID, out.clientMsgId, 'unSend');
    uploads.set(out.clientMsgId, {
      progress: 0,
      state: 'uploading',
      cancel: () => {
        cancelled = true;
        endTurn();
        stop();
        useUploads.getState().remove(out.clientMsgId);
        useChatStore.getState().removeLocal(conversationID, [pending.ID]);
      },
      retry: run,
    });
    build(
      (f) => useUploads.getState().patch(out.clientMsgId, { progress: f }),
      (c) => {
        stop = c;
      },
    ).then(
      async (payload) => {
        if (cancelled) return;
        await previous;
        useUploads.getState().remove(out.clientMsgId);
        const ready: OutgoingMessage = { ...out, payload };
        await outbox.add(ready);
        await deliver(ready).finally(endTurn);
      },
      (err: unknown) => {
        endTurn();
        if (cancelled) return;
        useUploads.getState().patch(out.clientMsgId, { state: 'failed' });
        useChatStore.getState().setStatus(conversationID, out.clientMsgId, 'fail');
        toast.error(errorTextOf(err, '上传失败'));
      },
    );
  };
  run();
}

/** One upload whose progress and cancel feed `progress`/`onCancel`, scaled into [from, to]. */
function part(
  file: Blob,
  name: string,
  progress: (f: number) => void,
  onCancel: (c: () => void) => void,
  from = 0,
  to = 1,
  intent?: 'image',
): Promise<UploadResult> {
  const up = uploadResumable(file, name, (f) => progress(from + (to - from) * f), intent);
  onCancel(up.cancel);
  return up.done;
}

/** A picked, pasted or dropped file: images → image, video types → video, anything else → file. */
export function sendFile(conversationID: string, file: File, as: FileKind = kindOf(file)): void {
  if (file.size > MAX_UPLOAD_BYTES) {
    toast.error(apiErrorText({ code: 7005, message: '' }));
    return;
  }
  if (as === 'image')
    return sendUploaded(conversationID, 'image', file, file.name, async (p, c) =>
      imagePayload(await part(file, file.name, p, c, 0, 1, 'image')),
    );
  if (as === 'video')
    return sendUploaded(conversationID, 'video', file, file.name, async (p, c) => {
      const facts = await videoFacts(file);
      const snap = facts.snapshot ? await part(facts.snapshot, 'snapshot.jpg', p, c, 0, 0.05, 'image') : null;
      const video = await part(file, file.name, p, c, snap ? 0.05 : 0, 1);
      return {
        url: video.url,
        videoUUID: video.uuid,
        second: facts.second,
        ...(snap
          ? {
              snapshotUrl: snap.url,
              snapshotUUID: snap.uuid,
              snapshotWidth: facts.width,
              snapshotHeight: facts.height,
            }
          : {}),
      };
    });
  return sendUploaded(conversationID, 'file', file, file.name, async (p, c) => {
    const r = await part(file, file.name, p, c);
    return { fileUrl: r.url, fileName: r.name, fileSize: r.size, uuid: r.uuid };
  });
}

/** A voice recording (WebM/Opus from the microphone) sent as a sound message of `second` seconds. */
export function sendVoice(conversationID: string, blob: Blob, second: number): void {
  sendUploaded(
    conversationID,
    'sound',
    blob,
    'voice.webm',
    async (p, c) => {
      const r = await part(blob, 'voice.webm', p, c);
      return { url: r.url, second, uuid: r.uuid };
    },
    second,
  );
}
