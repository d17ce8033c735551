import type { DomainHandlers } from '../../lib/route.js';
import type { TagService } from './tag.service.js';

/** Handlers of the `tags` routes of the contract (packages/protocol/src/contract/tags.ts). */
export function tagHandlers(tags: TagService): DomainHandlers<'tags'> {
  return {
    list: (r) => tags.list(r.userId),
    add: (r) => tags.create(r.userId, r.body),
    rename: (r) => tags.rename(r.userId, r.body),
    remove: (r) => tags.deleteBatch(r.userId, r.body.ids),
    addUsers: (r) => tags.addUsers(r.userId, r.body),
    removeUsers: (r) => tags.removeUsers(r.userId, r.body),
    users: (r) => tags.users4Tag(r.userId, r.body),
    ofUser: (r) => tags.initSetList(r.userId, r.body.wtId),
    setForUser: (r) => tags.setTags4User(r.userId, r.body),
  };
}
