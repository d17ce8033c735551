import { z } from 'zod';
import { intEnum, intField, listField, textField } from '../fields.js';
import { ToolLimits } from '../tools-constants.js';

/** Custom conversation tabs (Session groups): each user's own. */
export const sessionGroupNameField = textField('分组名称', {
  max: ToolLimits.sessionGroupName,
  min: 1,
  maxUnits: ToolLimits.sessionGroupName * 4,
});
const groupId = intField('id', { min: 1 });
const groupIds = listField(
  'ids',
  groupId,
  ToolLimits.sessionGroupsMax,
  `ids最多${ToolLimits.sessionGroupsMax}个`,
).refine((ids) => ids.length > 0, { error: 'ids不能为空' });

/** A conversation put in a tab: its type and the other side's wtId or the group's number. */
export const sessionRelationInput = z.object({
  sessionType: intEnum('sessionType', [0, 1]),
  relationId: textField('relationId', { max: 20, min: 1 }),
});
const relationList = listField(
  'relationList',
  sessionRelationInput,
  ToolLimits.sessionGroupRelationsMax,
  `relationList最多${ToolLimits.sessionGroupRelationsMax}个`,
);

/** POST /api/sessionGroup/add */
export const addSessionGroupBody = z.object({
  groupName: sessionGroupNameField,
  relationList: relationList.default([]),
});
/** POST /api/sessionGroup/update — replaces the name and the conversations. */
export const updateSessionGroupBody = z.object({
  id: groupId,
  groupName: sessionGroupNameField,
  relationList,
});
/** POST /api/sessionGroup/hide */
export const hideSessionGroupBody = z.object({ id: groupId, hideStatus: intEnum('hideStatus', [0, 1]) });
/** POST /api/sessionGroup/sort — the caller's tabs in their new order. */
export const sortSessionGroupsBody = z.object({ ids: groupIds });
/** POST /api/sessionGroup/delete */
export const deleteSessionGroupsBody = z.object({ ids: groupIds });
/** POST /api/sessionGroup/getById */
export const sessionGroupRef = z.object({ id: groupId });

export type SessionRelationInput = z.infer<typeof sessionRelationInput>;
export type AddSessionGroupBody = z.infer<typeof addSessionGroupBody>;
export type UpdateSessionGroupBody = z.infer<typeof updateSessionGroupBody>;
