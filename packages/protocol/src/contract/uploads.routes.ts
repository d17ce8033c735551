import { post } from './define.js';

/**
 * Uploads: multipart/form-data with one part named `file`. (GET /oss/files/{key} answers the bytes,
 * not an envelope, so it is not an envelope route of this table; docs/api.md lists it.)
 */
export const uploadRoutes = {
  upload: post('/oss/upload', { multipart: true }),
} as const;
