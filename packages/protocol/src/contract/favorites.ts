import { z } from 'zod';
import { intField, listField, textField } from '../fields.js';
import { pageOf } from '../models/common.js';
import { pageQuerySchema } from '../rest/common.js';
import type { SchemasOf } from './define.js';
import { FAVORITES_PAGE, favoriteTypes, type favoriteRoutes } from './favorites.routes.js';

/** A URL of a file on this server (the media of image, video and file favorites). */
const fileUrl = (label: string) =>
  z
    .string()
    .max(200)
    .regex(/^\/api\/oss\/files\/[0-9a-f]{32}\.[a-z0-9]{1,8}$/, `${label}必须是本服务器上传的文件`);
const uuid = (label: string) => textField(label, { max: 80 }).optional();
const coordinate = (label: string, limit: number) =>
  z
    .number({ error: `${label}格式不正确` })
    .min(-limit)
    .max(limit);

/** POST /user/collection/add: the Favorite request fields (text with 'http' is stored as type 7). */
export const favoriteAddBody = z.object({
  /** wtId of whoever wrote the saved message. */
  collectedUserId: textField('collectedUserId', { max: 64 }).optional(),
  contentType: z.literal(favoriteTypes, { error: 'contentType格式不正确' }),
  collectTitle: textField('collectTitle', { max: 5000, maxUnits: 12 * 1024, multiline: true }).optional(),
  imageUuid: uuid('imageUuid'),
  videoImage: fileUrl('videoImage').optional(),
  videoUuid: uuid('videoUuid'),
  snapshotUuid: uuid('snapshotUuid'),
  videoImageAddress: fileUrl('videoImageAddress').optional(),
  fileUuid: uuid('fileUuid'),
  fileSize: intField('fileSize', { min: 0, max: 100 * 1024 * 1024 }).optional(),
  fileType: textField('fileType', { max: 32 }).optional(),
  fileName: textField('fileName', { max: 200 }).optional(),
  addressTitle: textField('addressTitle', { max: 200 }).optional(),
  lat: coordinate('lat', 90).optional(),
  lng: coordinate('lng', 180).optional(),
  noteContent: textField('noteContent', { max: 5000, maxUnits: 12 * 1024, multiline: true }).optional(),
});
export type FavoriteAddBody = z.infer<typeof favoriteAddBody>;

export const favoriteSchema = z.object({
  id: z.number(),
  contentType: z.number(),
  collectTitle: z.string(),
  collectedUserName: z.string(),
  /** Unix ms. */
  createTime: z.number(),
  videoImage: z.string(),
  videoImageAddress: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  addressTitle: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  noteContent: z.string(),
  topStatus: z.number(),
});
export type Favorite = z.infer<typeof favoriteSchema>;

export const favoriteListBody = pageQuerySchema.extend({
  pageSize: intField('pageSize', { min: 1, max: 50 }).default(FAVORITES_PAGE),
  /** Search: a substring of the title, note, file name or place. */
  collectTitle: textField('collectTitle', { max: 64 }).optional(),
  contentType: z.literal(favoriteTypes, { error: 'contentType格式不正确' }).optional(),
});

const idField = intField('id', { min: 1 });
export const favoriteIdBody = z.object({ id: idField });
export const favoriteIdsBody = z.object({
  ids: listField('ids', idField, 100, 'ids不能超过100个').refine((l) => l.length > 0, {
    error: 'ids不能为空',
  }),
});

export const favoriteSchemas = {
  list: { body: favoriteListBody, response: pageOf(favoriteSchema), errors: [] },
  add: { body: favoriteAddBody, response: favoriteSchema, errors: [], okMsg: '收藏成功' },
  batchDel: {
    body: favoriteIdsBody,
    response: z.object({ deleted: z.number() }),
    errors: ['notFound'],
    okMsg: '删除成功',
  },
  topSet: { body: favoriteIdBody, response: favoriteSchema, errors: ['notFound'], okMsg: '置顶成功' },
  topCancel: { body: favoriteIdBody, response: favoriteSchema, errors: ['notFound'], okMsg: '取消置顶成功' },
} as const satisfies SchemasOf<typeof favoriteRoutes>;
