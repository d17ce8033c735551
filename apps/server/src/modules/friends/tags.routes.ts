import {
  addTagBody,
  deleteTagsBody,
  initSetListBody,
  renameTagBody,
  setTag4UserBody,
  tagUserListBody,
  tagUsersBody,
} from '@parley/protocol';
import { route, type RouteDef } from '../../lib/route.js';
import type { TagService } from './tag.service.js';

/** SPEC §7 "Friends and tags" (tag part). */
export function tagRoutes(tags: TagService): RouteDef[] {
  return [
    route({ method: 'GET', url: '/userTag/list', handler: (r) => tags.list(r.userId) }),
    route({
      method: 'POST',
      url: '/userTag/add',
      body: addTagBody,
      okMsg: '创建成功',
      handler: (r) => tags.create(r.userId, r.body),
    }),
    route({
      method: 'POST',
      url: '/userTag/rename',
      body: renameTagBody,
      okMsg: '修改成功',
      handler: (r) => tags.rename(r.userId, r.body),
    }),
    route({
      method: 'POST',
      url: '/userTag/deleteBatch',
      body: deleteTagsBody,
      okMsg: '删除成功',
      handler: (r) => tags.deleteBatch(r.userId, r.body.ids),
    }),
    route({
      method: 'POST',
      url: '/userTag/addUser4Tag',
      body: tagUsersBody,
      okMsg: '添加成功',
      handler: (r) => tags.addUsers(r.userId, r.body),
    }),
    route({
      method: 'POST',
      url: '/userTag/deleteUser4Tag',
      body: tagUsersBody,
      okMsg: '移除成功',
      handler: (r) => tags.removeUsers(r.userId, r.body),
    }),
    route({
      method: 'POST',
      url: '/userTag/getUserList',
      body: tagUserListBody,
      handler: (r) => tags.users4Tag(r.userId, r.body),
    }),
    route({
      method: 'POST',
      url: '/userTag/initSetList',
      body: initSetListBody,
      handler: (r) => tags.initSetList(r.userId, r.body.wtId),
    }),
    route({
      method: 'POST',
      url: '/userTag/setTag4User',
      body: setTag4UserBody,
      okMsg: '修改成功',
      handler: (r) => tags.setTags4User(r.userId, r.body),
    }),
  ] as RouteDef[];
}
