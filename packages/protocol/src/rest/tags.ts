import { z } from 'zod';
import { Limits } from '../constants.js';
import { intField, listField, textField } from '../fields.js';
import { wtIdRef } from './common.js';

/** Friend tags. Tags belong to their owner only. */
import { TagLimits } from '../friend-constants.js';

/** Tag name: 1–15 characters, unique per owner. */
export const tagNameSchema = textField('标签名称', { max: Limits.tagName, min: 1, maxUnits: 128 });

const tagId = intField('标签ID', { min: 1 });
const wtIds = listField('wtIds', wtIdRef('wtIds'), TagLimits.batch, `wtIds最多${TagLimits.batch}个`);

/** POST /api/userTag/add — optional `wtIds` (friends) are put in the new tag. */
export const addTagBody = z.object({ tagName: tagNameSchema, wtIds: wtIds.optional() });
/** POST /api/userTag/rename */
export const renameTagBody = z.object({ tagId, tagName: tagNameSchema });
/** POST /api/userTag/deleteBatch */
export const deleteTagsBody = z.object({
  ids: listField('ids', tagId, TagLimits.batch, `ids最多${TagLimits.batch}个`).refine(
    (ids) => ids.length > 0,
    {
      error: 'ids不能为空',
    },
  ),
});
/** POST /api/userTag/addUser4Tag and /userTag/deleteUser4Tag */
export const tagUsersBody = z.object({
  tagId,
  wtIds: wtIds.refine((w) => w.length > 0, { error: 'wtIds不能为空' }),
});
/** POST /api/userTag/getUserList */
export const tagUserListBody = z.object({
  id: tagId,
  pageNum: intField('pageNum', { min: 1, max: 100000 }).default(1),
  pageSize: intField('pageSize', { min: 1, max: TagLimits.userPageMax }).default(TagLimits.userPageMax),
});
/** POST /api/userTag/initSetList — all my tags with tagStatus 1 where `wtId` is in it. */
export const initSetListBody = z.object({ wtId: wtIdRef('wtId') });
/** POST /api/userTag/setTag4User — replaces the friend's tags with `tagIds` (empty clears). */
export const setTag4UserBody = z.object({
  friendsWtId: wtIdRef('friendsWtId'),
  tagIds: listField('tagIds', tagId, TagLimits.maxTags, `tagIds最多${TagLimits.maxTags}个`),
});

export type AddTagBody = z.infer<typeof addTagBody>;
export type RenameTagBody = z.infer<typeof renameTagBody>;
export type TagUsersBody = z.infer<typeof tagUsersBody>;
export type SetTag4UserBody = z.infer<typeof setTag4UserBody>;
