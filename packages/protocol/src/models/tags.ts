import { z } from 'zod';
import { bit } from './common.js';

/** A friend tag. `tagStatus` is only meaningful in initSetList / setTag4User answers. */
export const tagSchema = z.object({
  id: z.number(),
  tagName: z.string(),
  /** Friends in the tag. */
  userCount: z.number(),
  /** 1 = the user named in the request is in this tag. */
  tagStatus: bit,
  createTime: z.number(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagsDeletedSchema = z.object({ deleted: z.number() });
