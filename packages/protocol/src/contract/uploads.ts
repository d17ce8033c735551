import { uploadResultSchema } from '../models/uploads.js';
import type { SchemasOf } from './define.js';
import type { uploadRoutes } from './uploads.routes.js';

export const uploadSchemas = {
  upload: {
    response: uploadResultSchema,
    errors: ['uploadMissing', 'invalidImage', 'fileTooLarge', 'payloadTooLarge'],
    okMsg: '上传成功',
  },
} as const satisfies SchemasOf<typeof uploadRoutes>;
