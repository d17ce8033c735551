import { z } from 'zod';
import {
  addTagBody,
  deleteTagsBody,
  initSetListBody,
  renameTagBody,
  setTag4UserBody,
  tagUserListBody,
  tagUsersBody,
} from '../rest/tags.js';
import { pageOf } from '../models/common.js';
import { friendItemSchema } from '../models/friends.js';
import { tagSchema, tagsDeletedSchema } from '../models/tags.js';
import type { SchemasOf } from './define.js';
import type { tagRoutes } from './tags.routes.js';

export const tagSchemas = {
  list: { response: z.array(tagSchema), errors: [] },
  add: {
    body: addTagBody,
    response: tagSchema,
    errors: ['notFriend', 'tagNameTaken', 'tagLimit'],
    okMsg: '创建成功',
  },
  rename: {
    body: renameTagBody,
    response: tagSchema,
    errors: ['tagNotFound', 'tagNameTaken'],
    okMsg: '修改成功',
  },
  remove: { body: deleteTagsBody, response: tagsDeletedSchema, errors: ['tagNotFound'], okMsg: '删除成功' },
  addUsers: {
    body: tagUsersBody,
    response: tagSchema,
    errors: ['notFriend', 'tagNotFound'],
    okMsg: '添加成功',
  },
  removeUsers: { body: tagUsersBody, response: tagSchema, errors: ['tagNotFound'], okMsg: '移除成功' },
  users: { body: tagUserListBody, response: pageOf(friendItemSchema), errors: ['tagNotFound'] },
  ofUser: { body: initSetListBody, response: z.array(tagSchema), errors: ['userNotFound'] },
  setForUser: {
    body: setTag4UserBody,
    response: z.array(tagSchema),
    errors: ['notFriend', 'tagNotFound'],
    okMsg: '修改成功',
  },
} as const satisfies SchemasOf<typeof tagRoutes>;
