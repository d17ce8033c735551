import { uploadResultSchema } from '../models/uploads.js';
import { post, type SchemasOf } from './define.js';

/**
 * Uploads: multipart/form-data with one part named `file`. (GET /oss/files/{key} answers the bytes,
 * not an envelope, so it is not an envelope route of this table; docs/api.md lists it.)
 */
export const uploadRoutes = {
  upload: post('/oss/upload', { multipart: true }),
} as const;

export const uploadSchemas = {
  upload: {
    response: uploadResultSchema,
    errors: ['uploadMissing', 'invalidImage', 'fileTooLarge', 'payloadTooLarge'],
    okMsg: '上传成功',
  },
} as const satisfies SchemasOf<typeof uploadRoutes>;
