import { definePolicy } from './policy.js';

/**
 * An upload as a rule sees it: the stored record a URL or resumable upload id names (undefined:
 * none of this server's). Services load it (modules/uploads/upload.service.ts, tus.ts).
 */
export interface UploadFacts {
  upload: { ownerId: number; kind: string } | undefined;
}

export const uploadsPolicy = definePolicy({
  /**
   * Resume, read back or cancel a resumable upload: its uploader only; to anyone else it reads as
   * missing.
   */
  'upload.resume': (actor, f: UploadFacts) =>
    f.upload && f.upload.ownerId === actor.userId ? true : 'fileMissing',
  /** Use an upload as an avatar (one's own or a group's): an image the actor uploaded. */
  'upload.avatar': (actor, f: UploadFacts) =>
    f.upload && f.upload.ownerId === actor.userId && f.upload.kind === 'image' ? true : 'avatarInvalid',
});
