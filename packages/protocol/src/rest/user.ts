import { z } from 'zod';
import { Limits } from '../constants.js';
import { LANGUAGES } from '../errors/define.js';
import { intEnum, textField } from '../fields.js';
import { nickNameSchema } from './common.js';

/** POST /api/user/searchById — by wtId or phone. */
export const searchByIdBody = z.object({
  searchId: textField('searchId', { max: 64, min: 1, tooLong: 'searchId过长' }),
});

export const updateUserConfigBody = z.object({
  dailyWordSwitch: intEnum('dailyWordSwitch', [0, 1]).optional(),
  webMediaSwitch: intEnum('webMediaSwitch', [0, 1]).optional(),
  notifyEnabled: intEnum('notifyEnabled', [0, 1]).optional(),
  notifyPreview: intEnum('notifyPreview', [0, 1]).optional(),
  notifySound: intEnum('notifySound', [0, 1]).optional(),
  language: z.enum(LANGUAGES).optional(),
});

/**
 * POST /api/user/updateProfile — any of the three; answers the updated UserInfo.
 * `avatar` must be a URL this server issued (`/api/oss/files/...` from POST /api/oss/upload) or ''.
 */
export const updateProfileBody = z
  .object({
    nickName: nickNameSchema.optional(),
    avatar: textField('头像', { max: 512, tooLong: '头像地址过长' }).optional(),
    // The bio is the one multi-line field (a textarea): '\n' is allowed in it.
    bio: textField('个性签名', { max: Limits.bio, maxUnits: 256, multiline: true }).optional(),
  })
  .refine((b) => b.nickName !== undefined || b.avatar !== undefined || b.bio !== undefined, {
    message: '请至少修改一项资料',
    path: ['nickName'],
  });
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;
