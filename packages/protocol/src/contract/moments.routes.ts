import { post } from './define.js';

/** Moments page size (SPEC paging): the feed, an album and the notices load 10 at a time. */
export const MOMENTS_PAGE = 10;

/** Moments limits: text, images per post, tags in a visibility rule, ids in one batch. */
export const MomentLimits = {
  content: 2000,
  images: 9,
  tags: 20,
  batch: 20,
  comment: 500,
  /** Comments a moment shows in the feed, an album or the detail; the rest by `commentsPage`. */
  commentsShown: 20,
} as const;

/** Who sees a moment: all friends, only me, only friends in the tags, all friends except the tags. */
export const MomentVisibility = { all: 0, private: 1, onlyTags: 2, exceptTags: 3 } as const;
export const momentVisibilities = [0, 1, 2, 3] as const;

/** Moment notice kinds: a like, a comment on my moment, a reply to my comment. */
export const MomentNoticeType = { like: 1, comment: 2, reply: 3 } as const;

/** Moments (朋友圈): post, feed, album, detail, likes, comments, notices (docs/api.md "Moments"). */
export const momentRoutes = {
  add: post('/user/friendsCircle/add'),
  list: post('/user/friendsCircle/list'),
  album: post('/user/friendsCircle/listByUser'),
  getInfoById: post('/user/friendsCircle/getInfoById'),
  remove: post('/user/friendsCircle/remove'),
  interactionsBatch: post('/friendsCircleComments/commentsAndPraiseListByBatch'),
  interactions: post('/friendsCircleComments/commentsAndPraiseList'),
  praiseAction: post('/friendsCirclePraise/praiseAction'),
  commentAdd: post('/friendsCircleComments/add'),
  commentRemove: post('/friendsCircleComments/remove'),
  commentsPage: post('/friendsCircleComments/listByPage'),
  notices: post('/friendsCircleNotice/listByPage'),
  noticesClear: post('/friendsCircleNotice/clear'),
} as const;
