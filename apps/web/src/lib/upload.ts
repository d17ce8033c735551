import type { UploadResult } from '@parley/protocol';
import { callMultipart } from './api';

/** One file to POST /api/oss/upload, multipart field `file` (the server checks the real type). */
export function uploadImage(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return callMultipart('uploads', 'upload', form, { silent: true });
}
