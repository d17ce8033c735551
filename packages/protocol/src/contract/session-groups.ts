import { z } from 'zod';
import { sessionGroupSchema } from '../models/session-groups.js';
import {
  addSessionGroupBody,
  deleteSessionGroupsBody,
  hideSessionGroupBody,
  sessionGroupRef,
  sortSessionGroupsBody,
  updateSessionGroupBody,
} from '../rest/session-groups.js';
import type { SchemasOf } from './define.js';
import type { sessionGroupRoutes } from './session-groups.routes.js';

const list = z.array(sessionGroupSchema);
const relationErrors = ['sessionGroupNotFound', 'sessionRelationInvalid'] as const;

/** Changes answer the caller's whole tab list in its order. */
export const sessionGroupSchemas = {
  list: { response: list, errors: [] },
  hide: { body: hideSessionGroupBody, response: list, errors: ['sessionGroupNotFound'] },
  sort: { body: sortSessionGroupsBody, response: list, errors: ['sessionGroupNotFound'], okMsg: '操作成功' },
  add: {
    body: addSessionGroupBody,
    response: list,
    errors: ['sessionGroupLimit', 'sessionRelationInvalid'],
    okMsg: '创建成功',
  },
  remove: {
    body: deleteSessionGroupsBody,
    response: list,
    errors: ['sessionGroupNotFound'],
    okMsg: '删除成功',
  },
  update: { body: updateSessionGroupBody, response: list, errors: relationErrors, okMsg: '修改成功' },
  getById: { body: sessionGroupRef, response: sessionGroupSchema, errors: ['sessionGroupNotFound'] },
} as const satisfies SchemasOf<typeof sessionGroupRoutes>;
