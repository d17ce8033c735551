import { z } from 'zod';
import { nullData, pageOf } from '../models/common.js';
import {
  groupApplicationSchema,
  groupBlackItemSchema,
  groupCandidateSchema,
  groupCardSchema,
  groupInfoSchema,
  groupMemberSchema,
  groupNoticeSchema,
  joinResultSchema,
  joinVerifySchema,
} from '../models/group.js';
import {
  activeJoinBody,
  auditBody,
  batchMutedBody,
  commonListBody,
  createGroupBody,
  editGroupBody,
  editSelfBody,
  groupRef,
  groupWtIdBody,
  groupWtIdsBody,
  joinLimitBody,
  listByNameBody,
  memberListBody,
  noticePageBody,
  pagedGroupBody,
  setAdminsBody,
  setTopBody,
  welcomeBody,
} from '../models/group-requests.js';
import type { ErrorName } from '../errors.js';
import type { SchemasOf } from './define.js';
import type { groupRoutes } from './groups.routes.js';

const base: ErrorName[] = ['groupNotFound', 'forbidden'];
const members = z.array(groupMemberSchema);
const groups = z.array(groupInfoSchema);

export const groupSchemas = {
  add: {
    body: createGroupBody,
    response: groupInfoSchema,
    errors: ['userNotFound', 'avatarInvalid'],
    okMsg: '群组创建成功',
  },
  list: { response: groups, errors: [] },
  info: { body: groupRef, response: groupInfoSchema, errors: base },
  card: { body: groupRef, response: groupCardSchema, errors: ['groupNotFound'] },
  listByName: { body: listByNameBody, response: groups, errors: [] },
  commonList: { body: commonListBody, response: groups, errors: ['userNotFound'] },
  edit: {
    body: editGroupBody,
    response: groupInfoSchema,
    errors: [...base, 'avatarInvalid'],
    okMsg: '修改成功',
  },
  editSelf: { body: editSelfBody, response: groupInfoSchema, errors: base, okMsg: '修改成功' },
  setWelcome: { body: welcomeBody, response: groupInfoSchema, errors: base, okMsg: '保存成功' },
  joinLimit: { body: joinLimitBody, response: groupInfoSchema, errors: base, okMsg: '保存成功' },
  dissolve: { body: groupRef, response: nullData, errors: base, okMsg: '解散成功' },
  transfer: {
    body: groupWtIdBody,
    response: groupInfoSchema,
    errors: [...base, 'groupMemberNotFound'],
    okMsg: '转让成功',
  },
  quit: { body: groupRef, response: nullData, errors: base, okMsg: '退出成功' },
  setTop: { body: setTopBody, response: groupInfoSchema, errors: base },
  members: { body: memberListBody, response: pageOf(groupMemberSchema), errors: base },
  memberInfo: {
    body: groupWtIdBody,
    response: groupMemberSchema,
    errors: [...base, 'groupMemberNotFound'],
  },
  invite: {
    body: groupWtIdsBody,
    // `invited`: not the inviter's friends, so each got a join invitation to accept (consent).
    response: z.object({
      joined: z.array(z.string()),
      pending: z.array(z.string()),
      invited: z.array(z.string()),
    }),
    errors: [...base, 'userNotFound', 'groupFull'],
    okMsg: '邀请成功',
  },
  removeMembers: { body: groupWtIdsBody, response: nullData, errors: base, okMsg: '移除成功' },
  setAdmins: {
    body: setAdminsBody,
    response: members,
    errors: [...base, 'groupMemberNotFound', 'adminLimit'],
  },
  mute: { body: batchMutedBody, response: members, errors: [...base, 'groupMemberNotFound'] },
  mutedList: { body: groupRef, response: members, errors: base },
  blackList: { body: pagedGroupBody, response: pageOf(groupBlackItemSchema), errors: base },
  blackAdd: { body: groupWtIdsBody, response: nullData, errors: [...base, 'userNotFound'] },
  blackRemove: { body: groupWtIdsBody, response: nullData, errors: [...base, 'userNotFound'] },
  candidatesAdd: { body: groupRef, response: z.array(groupCandidateSchema), errors: base },
  candidatesRemove: { body: groupRef, response: members, errors: base },
  managerList: { body: groupRef, response: members, errors: base },
  positionMuted: { body: groupRef, response: members, errors: base },
  activeJoin: {
    body: activeJoinBody,
    response: joinResultSchema,
    errors: [
      'groupNotFound',
      'alreadyInGroup',
      'groupBlacklisted',
      'joinLevelTooLow',
      'groupNotPublic',
      'groupFull',
    ],
    okMsg: '申请已发送',
  },
  joinVerify: { body: groupRef, response: joinVerifySchema, errors: ['groupNotFound'] },
  audit: {
    body: auditBody,
    response: groupApplicationSchema,
    errors: [...base, 'groupApplyNotFound', 'groupApplyHandled', 'groupFull'],
  },
  joinApplyList: { body: noticePageBody, response: pageOf(groupApplicationSchema), errors: [] },
  myApplyList: { body: noticePageBody, response: pageOf(groupApplicationSchema), errors: [] },
  othersList: { body: noticePageBody, response: pageOf(groupNoticeSchema), errors: [] },
} as const satisfies SchemasOf<typeof groupRoutes>;
