import { z } from 'zod';
import { intField, listField, textField } from '../fields.js';
import {
  momentCommentSchema,
  momentInteractionsSchema,
  momentLikeSchema,
  momentNoticePageSchema,
  momentPageSchema,
  momentSchema,
} from '../models/moments.js';
import { bit } from '../models/common.js';
import { wtIdSchema } from '../rest/common.js';
import type { SchemasOf } from './define.js';
import {
  MOMENTS_PAGE,
  MomentLimits,
  MomentVisibility,
  momentVisibilities,
  type momentRoutes,
} from './moments.routes.js';

/** A file URL as the upload service issues it; whose upload it is, the server checks. */
const uploadUrl = (label: string) =>
  z
    .string(`${label}格式不正确`)
    .max(200, { error: `${label}必须是本服务器上传的文件`, abort: true })
    .regex(/^\/api\/oss\/files\/[0-9a-f]{32}\.[a-z0-9]{1,8}$/, `${label}必须是本服务器上传的文件`);

const idField = (label: string) => intField(label, { min: 1, max: Number.MAX_SAFE_INTEGER });

/** POST /user/friendsCircle/add. Text, up to 9 images or one video, and who may see it. */
export const momentAddBody = z
  .object({
    content: textField('content', {
      max: MomentLimits.content,
      maxUnits: MomentLimits.content * 2,
      multiline: true,
    }).default(''),
    images: listField(
      'images',
      uploadUrl('images'),
      MomentLimits.images,
      `最多只能选择${MomentLimits.images}张图片`,
    ).default([]),
    video: z
      .object({ url: uploadUrl('video.url'), snapshotUrl: uploadUrl('video.snapshotUrl').optional() })
      .optional(),
    visibility: z
      .literal(momentVisibilities, { error: 'visibility格式不正确' })
      .default(MomentVisibility.all),
    tagIds: listField(
      'tagIds',
      idField('tagIds'),
      MomentLimits.tags,
      `最多只能选择${MomentLimits.tags}个标签`,
    ).default([]),
  })
  .refine((b) => !(b.video && b.images.length > 0), {
    error: '图片和视频不能同时发布',
    path: ['video'],
    abort: true,
  })
  .refine((b) => new Set(b.images).size === b.images.length, {
    error: '图片不能重复',
    path: ['images'],
    abort: true,
  })
  .refine(
    (b) =>
      b.visibility === MomentVisibility.onlyTags || b.visibility === MomentVisibility.exceptTags
        ? b.tagIds.length > 0
        : b.tagIds.length === 0,
    { error: '部分可见或不给谁看须选择标签，其他可见范围不能带标签', path: ['tagIds'] },
  );
export type MomentAddBody = z.output<typeof momentAddBody>;

/** Feed and album paging: `lastId` (the previous page's last id) or else `pageNum`. */
const pageBody = z.object({
  pageNum: intField('pageNum', { min: 1, max: 100000 }).default(1),
  pageSize: intField('pageSize', { min: 1, max: 20 }).default(MOMENTS_PAGE),
  lastId: idField('lastId').optional(),
});

export const momentIdBody = z.object({ id: idField('id') });
const circleIdBody = z.object({ friendsCircleId: idField('friendsCircleId') });

export const momentCommentBody = circleIdBody.extend({
  content: textField('content', {
    max: MomentLimits.comment,
    min: 1,
    maxUnits: MomentLimits.comment * 2,
    multiline: true,
  }),
  replyToWtId: wtIdSchema.optional(),
});

export const momentSchemas = {
  add: {
    body: momentAddBody,
    response: momentSchema,
    errors: ['momentEmpty', 'momentMediaInvalid', 'tagNotFound', 'sensitiveText'],
    okMsg: '发表成功',
  },
  list: { body: pageBody, response: momentPageSchema, errors: [] },
  album: {
    body: pageBody.extend({ wtId: wtIdSchema }),
    response: momentPageSchema,
    errors: ['userNotFound'],
  },
  getInfoById: { body: momentIdBody, response: momentSchema, errors: ['momentNotFound'] },
  remove: {
    body: momentIdBody,
    response: z.object({ id: z.number() }),
    errors: ['momentNotFound'],
    okMsg: '删除成功',
  },
  interactionsBatch: {
    body: z.object({
      ids: listField('ids', idField('ids'), MomentLimits.batch, `ids不能超过${MomentLimits.batch}个`),
    }),
    response: z.array(momentInteractionsSchema),
    errors: [],
  },
  interactions: { body: momentIdBody, response: momentInteractionsSchema, errors: ['momentNotFound'] },
  praiseAction: {
    body: circleIdBody,
    response: z.object({ id: z.number(), minePraiseStatus: bit, praiseList: z.array(momentLikeSchema) }),
    errors: ['momentNotFound'],
  },
  commentAdd: {
    body: momentCommentBody,
    response: z.object({
      id: z.number(),
      comment: momentCommentSchema,
      commentsList: z.array(momentCommentSchema),
    }),
    errors: ['momentNotFound', 'momentReplyInvalid', 'sensitiveText'],
    okMsg: '评论成功',
  },
  commentRemove: {
    body: momentIdBody,
    response: z.object({
      id: z.number(),
      friendsCircleId: z.number(),
      commentsList: z.array(momentCommentSchema),
    }),
    errors: ['momentCommentNotFound', 'momentCommentForbidden'],
    okMsg: '删除成功',
  },
  commentsPage: {
    body: circleIdBody.extend({
      lastId: idField('lastId').optional(),
      pageSize: intField('pageSize', { min: 1, max: 50 }).default(MomentLimits.commentsShown),
    }),
    response: z.object({ rows: z.array(momentCommentSchema), hasMore: z.boolean() }),
    errors: ['momentNotFound'],
  },
  notices: {
    body: z.object({
      pageNum: intField('pageNum', { min: 1, max: 100000 }).default(1),
      pageSize: intField('pageSize', { min: 1, max: 50 }).default(MOMENTS_PAGE),
    }),
    response: momentNoticePageSchema,
    errors: [],
  },
  noticesClear: { body: z.object({}).optional(), response: z.object({ count: z.number() }), errors: [] },
} as const satisfies SchemasOf<typeof momentRoutes>;
