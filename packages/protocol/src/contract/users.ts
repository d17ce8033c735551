import { searchByIdBody, updateProfileBody, updateUserConfigBody } from '../rest/user.js';
import { countersSchema, userConfigSchema, userInfoSchema, userSearchResultSchema } from '../models/user.js';
import { get, post, type SchemasOf } from './define.js';

/** The caller's profile, settings, search by ID / phone and badge counters. */
export const userRoutes = {
  info: get('/user/info'),
  config: get('/user/userConfig/getInfo'),
  updateConfig: post('/user/userConfig/update'),
  searchById: post('/user/searchById'),
  counters: get('/user/counters'),
  updateProfile: post('/user/updateProfile'),
} as const;

export const userSchemas = {
  info: { response: userInfoSchema, errors: [] },
  config: { response: userConfigSchema, errors: [] },
  updateConfig: { body: updateUserConfigBody, response: userConfigSchema, errors: [] },
  searchById: { body: searchByIdBody, response: userSearchResultSchema, errors: ['userNotFound'] },
  counters: { response: countersSchema, errors: [] },
  updateProfile: {
    body: updateProfileBody,
    response: userInfoSchema,
    errors: ['avatarInvalid'],
    okMsg: '修改成功',
  },
} as const satisfies SchemasOf<typeof userRoutes>;
