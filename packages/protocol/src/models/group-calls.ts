import { z } from 'zod';
import { intEnum, intField, listField } from '../fields.js';
import { wtIdRef } from '../rest/common.js';
import { CallLimits } from '../call-constants.js';
import { callIdField, callPartySchema } from './calls.js';

/**
 * Group calls (docs/api.md "Group calls"): the frames that start, join and widen one, and the
 * group's call record a member's chat shows as the join banner.
 */
const versionField = z.literal(CallLimits.version, { error: `v必须为${CallLimits.version}` });
const groupIdField = wtIdRef('groupID');
/** The shape allows a picker's page; how many may be invited at once is a rule (groupCallInviteLimit). */
const userIdList = listField('userIDList', wtIdRef('userIDList'), 100, 'userIDList最多100个');
const roomIdField = intField('roomID', {
  min: 0,
  max: CallLimits.maxRoomId,
  tooLarge: 'roomID error, only be range',
});

export const groupCallFrame = z.object({
  v: versionField,
  userIDList: userIdList,
  type: intEnum('type', [1, 2]),
  groupID: groupIdField,
  roomID: roomIdField.optional(),
});
export type GroupCallFrame = z.infer<typeof groupCallFrame>;

export const joinInGroupCallFrame = z.object({
  v: versionField,
  type: intEnum('type', [1, 2]),
  groupID: groupIdField,
  roomID: roomIdField,
});
export type JoinInGroupCallFrame = z.infer<typeof joinInGroupCallFrame>;

export const inviteUserFrame = z.object({ v: versionField, callId: callIdField, userIDList: userIdList });
export type InviteUserFrame = z.infer<typeof inviteUserFrame>;

/** The group's ongoing call as its members see it (the call-kit group attributes), or null. */
export const groupCallRecordSchema = z.object({
  groupID: z.string(),
  callId: z.string(),
  roomID: z.number(),
  /** 1: numeric room ID. */
  roomIdType: z.number(),
  callMediaType: z.number(),
  /** Who is on the call now. */
  userList: z.array(callPartySchema),
});
export type GroupCallRecord = z.infer<typeof groupCallRecordSchema>;

export const groupCallInfoBody = z.object({ groupID: groupIdField });
export const groupCallInfoSchema = z.object({ call: groupCallRecordSchema.nullable() });

/** `call.group`: a group's call started, changed who is on it, or ended (call null); on the group's topic. */
export const groupCallChangedSchema = z.object({
  groupID: z.string(),
  call: groupCallRecordSchema.nullable(),
});
