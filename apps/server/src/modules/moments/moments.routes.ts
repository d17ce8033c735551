import type { DomainHandlers } from '../../lib/route.js';
import type { InteractionsService } from './interactions.service.js';
import type { MomentsService } from './moments.service.js';
import type { MomentNotices } from './notices.service.js';

/** Handlers of the `moments` routes (/user/friendsCircle/*, /friendsCircle*). */
export function momentHandlers(
  moments: MomentsService,
  interactions: InteractionsService,
  notices: MomentNotices,
): DomainHandlers<'moments'> {
  return {
    add: (r) => moments.add(r.userId, r.body),
    list: (r) => moments.feed(r.userId, r.body),
    album: (r) => moments.album(r.userId, r.body),
    getInfoById: (r) => moments.detail(r.userId, r.body.id),
    remove: (r) => moments.remove(r.userId, r.body.id),
    interactionsBatch: (r) => interactions.batch(r.userId, r.body.ids),
    interactions: (r) => interactions.of(r.userId, r.body.id),
    praiseAction: (r) => interactions.praise(r.userId, r.body.friendsCircleId),
    commentAdd: (r) => interactions.comment(r.userId, r.body),
    commentRemove: (r) => interactions.removeComment(r.userId, r.body.id),
    commentsPage: (r) => interactions.commentsPage(r.userId, r.body),
    notices: (r) => notices.list(r.userId, r.body),
    noticesClear: (r) => notices.clear(r.userId),
  };
}
