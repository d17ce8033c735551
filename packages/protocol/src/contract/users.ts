import { searchByIdBody, updateProfileBody, updateUserConfigBody } from '../rest/user.js';
import { countersSchema, userConfigSchema, userInfoSchema, userSearchResultSchema } from '../models/user.js';
import type { SchemasOf } from './define.js';
import type { userRoutes } from './users.routes.js';

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
