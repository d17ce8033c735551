import type { UploadResult, UserInfo } from '@parley/protocol';
import { http } from '../../lib/http';

/** Image types the avatar picker offers (SPEC §5 uploads: gif, jpeg, jpg, png, bmp, webp). */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/webp'] as const;
/** Avatars above this are refused before uploading (the server enforces its own limits too). */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

export function avatarProblem(file: File): 'type' | 'size' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

/** POST /api/oss/upload, multipart field `file` (SPEC §7). The server checks the real type. */
export function uploadFile(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<UploadResult>('/oss/upload', form, { silent: true });
}

export const profileApi = {
  update: (body: { nickName?: string; bio?: string; avatar?: string }) =>
    http.post<UserInfo>('/user/updateProfile', body),
};
