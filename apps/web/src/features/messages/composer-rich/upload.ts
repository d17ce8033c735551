import * as tus from 'tus-js-client';
import type { UploadResult } from '@parley/protocol';
import { API_BASE, ApiError } from '../../../lib/http';
import { getToken } from '../../../lib/session';

/** What a picked, pasted or dropped file is sent as (SPEC: images → image, video types → video, others → file). */
export type FileKind = 'image' | 'video' | 'file';

/** Image types the server accepts as image messages. */
const IMAGE_TYPES = new Set(['image/gif', 'image/jpeg', 'image/jpg', 'image/png', 'image/bmp', 'image/webp']);

export function kindOf(file: Pick<File, 'type'>): FileKind {
  if (IMAGE_TYPES.has(file.type)) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  return 'file';
}

/** Files above 100 MB are refused before uploading (the server answers 7005 too). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** A dropped connection loses at most one chunk. */
const CHUNK_BYTES = 8 * 1024 * 1024;

export interface RunningUpload {
  done: Promise<UploadResult>;
  /** Stops the upload and drops what the server holds of it. */
  cancel(): void;
}

/**
 * Uploads with the tus protocol (docs/api.md "Resumable uploads"): progress 0–1, resumes after a
 * dropped connection (retries, and a fingerprint kept in localStorage across reloads), cancel.
 * The last PATCH answers the upload envelope; a refusal rejects with its ApiError (4004, 7005, …).
 */
export function uploadResumable(
  file: Blob,
  name: string,
  onProgress: (fraction: number) => void,
  intent?: 'image',
): RunningUpload {
  let upload!: tus.Upload;
  const done = new Promise<UploadResult>((resolve, reject) => {
    upload = new tus.Upload(file, {
      endpoint: `${API_BASE}/oss/tus`,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      metadata: { filename: name, ...(intent ? { type: intent } : {}) },
      removeFingerprintOnSuccess: true,
      onBeforeRequest(req) {
        const token = getToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onShouldRetry(err) {
        // Refusals (4xx) are final; network drops and 5xx retry.
        const status = (err as tus.DetailedError).originalResponse?.getStatus() ?? 0;
        return status === 0 || status >= 500 || status === 409 || status === 423;
      },
      onProgress(sent, total) {
        onProgress(total > 0 ? sent / total : 0);
      },
      onSuccess(payload) {
        try {
          const env = JSON.parse(payload.lastResponse.getBody()) as {
            code: number;
            msg: string;
            data: UploadResult;
          };
          if (env.code === 200) resolve(env.data);
          else reject(new ApiError(env.code, env.msg, payload.lastResponse.getStatus()));
        } catch {
          reject(new ApiError(0, 'upload failed', 0));
        }
      },
      onError(err) {
        const res = (err as tus.DetailedError).originalResponse;
        try {
          const env = JSON.parse(res?.getBody() ?? '') as { code: number; msg: string };
          reject(new ApiError(env.code, env.msg, res?.getStatus() ?? 0));
        } catch {
          reject(new ApiError(0, err.message, res?.getStatus() ?? 0));
        }
      },
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
  return {
    done,
    cancel: () => void upload.abort(true).catch(() => {}),
  };
}
