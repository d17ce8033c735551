import type { RouteBody, UploadResult, UserInfo } from '@parley/protocol';
import { call, callMultipart } from '../../lib/api';

/** Image types the avatar picker offers. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/webp'] as const;
/** Avatars above this are refused before uploading (the server enforces its own limits too). */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

export function avatarProblem(file: File): 'type' | 'size' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

/** The upload route, multipart field `file`. The server checks the real type. */
export function uploadFile(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return callMultipart('uploads', 'upload', form, { silent: true });
}

export const profileApi = {
  update: (body: RouteBody<'users', 'updateProfile'>): Promise<UserInfo> =>
    call('users', 'updateProfile', body),
};
