import { z } from 'zod';
import { Limits } from '../constants.js';
import { nickNameSchema, required } from './common.js';

/** POST /api/user/searchById — by wtId or phone. */
export const searchByIdBody = z.object({
  searchId: z.string(required('searchId')).trim().min(1, 'searchId不能为空').max(64, 'searchId过长'),
});

/** GET /api/user/userConfig/getInfo */
export interface UserConfig {
  /** Quick-phrase switch: 1 shows quick phrases in one-to-one chats. */
  dailyWordSwitch: 0 | 1;
  /** web_media_switch: 1 shows voice/video call entries. */
  webMediaSwitch: 0 | 1;
  notifyEnabled: 0 | 1;
  notifyPreview: 0 | 1;
  notifySound: 0 | 1;
}

export const updateUserConfigBody = z.object({
  dailyWordSwitch: z.union([z.literal(0), z.literal(1)]).optional(),
  webMediaSwitch: z.union([z.literal(0), z.literal(1)]).optional(),
  notifyEnabled: z.union([z.literal(0), z.literal(1)]).optional(),
  notifyPreview: z.union([z.literal(0), z.literal(1)]).optional(),
  notifySound: z.union([z.literal(0), z.literal(1)]).optional(),
});

/** A user found by search (SPEC §3 Search result). */
export interface UserSearchResult {
  userID: string;
  wtId: string;
  name: string;
  nickName: string;
  avatar: string;
  type: 'user';
  source: 1 | 2;
}

/**
 * POST /api/user/updateProfile — any of the three; answers the updated UserInfo.
 * `avatar` must be a URL this server issued (`/api/oss/files/...` from POST /api/oss/upload) or ''.
 */
export const updateProfileBody = z
  .object({
    nickName: nickNameSchema.optional(),
    avatar: z.string('头像格式不正确').trim().max(512, '头像地址过长').optional(),
    bio: z
      .string('个性签名格式不正确')
      .trim()
      .max(Limits.bio, `个性签名不能超过${Limits.bio}个字符`)
      .optional(),
  })
  .refine((b) => b.nickName !== undefined || b.avatar !== undefined || b.bio !== undefined, {
    message: '请至少修改一项资料',
    path: ['nickName'],
  });
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;
