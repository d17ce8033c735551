import type { MomentAddBody } from '@parley/protocol';
import { call } from '../../lib/api';

type AddInput = Partial<MomentAddBody>;

export const momentsApi = {
  add: (body: AddInput) => call('moments', 'add', body),
  feed: (lastId?: number) => call('moments', 'list', { lastId }),
  album: (wtId: string, lastId?: number) => call('moments', 'album', { wtId, lastId }),
  detail: (id: number) => call('moments', 'getInfoById', { id }, { silent: true }),
  remove: (id: number) => call('moments', 'remove', { id }),
  praise: (friendsCircleId: number) => call('moments', 'praiseAction', { friendsCircleId }),
  comment: (friendsCircleId: number, content: string, replyToWtId?: string) =>
    call('moments', 'commentAdd', { friendsCircleId, content, ...(replyToWtId ? { replyToWtId } : {}) }),
  removeComment: (id: number) => call('moments', 'commentRemove', { id }),
  comments: (friendsCircleId: number, lastId?: number) =>
    call('moments', 'commentsPage', { friendsCircleId, lastId }),
  notices: (pageNum: number) => call('moments', 'notices', { pageNum }),
  clearNotices: () => call('moments', 'noticesClear', {}),
};
