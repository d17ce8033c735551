import { z } from 'zod';
import { Limits } from '../constants.js';
import { charLength } from '../text.js';
import { required } from './common.js';
import { wtIdRef } from './friends.js';

/** Friend tags (SPEC §3 Tag, §7 "Friends and tags"). Tags belong to their owner only. */
export { TagLimits } from '../friend-constants.js';
import { TagLimits } from '../friend-constants.js';

/** Tag name: 1–15 characters (SPEC §5), unique per owner. */
export const tagNameSchema = z
  .string(required('标签名称'))
  .trim()
  .min(1, '标签名称不能为空')
  .max(128, `标签名称不能超过${Limits.tagName}个字符`)
  .refine((s) => charLength(s) <= Limits.tagName, `标签名称不能超过${Limits.tagName}个字符`);

const tagId = z.coerce.number(required('标签ID')).int('标签ID格式不正确').positive('标签ID格式不正确');
const wtIds = z
  .array(wtIdRef('wtIds'), required('wtIds'))
  .max(TagLimits.batch, `wtIds最多${TagLimits.batch}个`);

/** POST /api/userTag/add — optional `wtIds` (friends) are put in the new tag. */
export const addTagBody = z.object({ tagName: tagNameSchema, wtIds: wtIds.optional() });
/** POST /api/userTag/rename */
export const renameTagBody = z.object({ tagId, tagName: tagNameSchema });
/** POST /api/userTag/deleteBatch */
export const deleteTagsBody = z.object({
  ids: z
    .array(tagId, required('ids'))
    .min(1, 'ids不能为空')
    .max(TagLimits.batch, `ids最多${TagLimits.batch}个`),
});
/** POST /api/userTag/addUser4Tag and /userTag/deleteUser4Tag */
export const tagUsersBody = z.object({ tagId, wtIds: wtIds.min(1, 'wtIds不能为空') });
/** POST /api/userTag/getUserList */
export const tagUserListBody = z.object({
  id: tagId,
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(TagLimits.userPageMax, `pageSize不能超过${TagLimits.userPageMax}`)
    .default(TagLimits.userPageMax),
});
/** POST /api/userTag/initSetList — all my tags with tagStatus 1 where `wtId` is in it. */
export const initSetListBody = z.object({ wtId: wtIdRef('wtId') });
/** POST /api/userTag/setTag4User — replaces the friend's tags with `tagIds` (empty clears). */
export const setTag4UserBody = z.object({
  friendsWtId: wtIdRef('friendsWtId'),
  tagIds: z.array(tagId, required('tagIds')).max(TagLimits.maxTags, `tagIds最多${TagLimits.maxTags}个`),
});

export type AddTagBody = z.infer<typeof addTagBody>;
export type RenameTagBody = z.infer<typeof renameTagBody>;
export type TagUsersBody = z.infer<typeof tagUsersBody>;
export type SetTag4UserBody = z.infer<typeof setTag4UserBody>;

/** A tag (SPEC §3 Tag). `tagStatus` is only meaningful in initSetList / setTag4User answers. */
export interface Tag {
  id: number;
  tagName: string;
  /** Friends in the tag. */
  userCount: number;
  /** 1 = the user named in the request is in this tag. */
  tagStatus: 0 | 1;
  createTime: number;
}
