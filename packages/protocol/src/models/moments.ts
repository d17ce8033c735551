import { z } from 'zod';
import { bit, pageOf } from './common.js';

/** One image of a moment: the original and its thumbnail (≤ 400 px), with the original's size. */
export const momentImageSchema = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number(),
  height: z.number(),
});

export const momentVideoSchema = z.object({
  url: z.string(),
  /** A still of the video (an uploaded image), '' when none was given. */
  snapshotUrl: z.string(),
});

/** A person as the viewer names them: their remark for the viewer when set, else their nickname. */
const person = {
  wtId: z.string(),
  nickName: z.string(),
  avatar: z.string(),
};

export const momentLikeSchema = z.object({ ...person, createTime: z.number() });

export const momentCommentSchema = z.object({
  id: z.number(),
  friendsCircleId: z.number(),
  ...person,
  content: z.string(),
  /** The comment answers this person ('' for a plain comment). */
  replyToWtId: z.string(),
  replyToNickName: z.string(),
  createTime: z.number(),
});

/** Likes and comments of one moment, only those by the viewer and the viewer's friends. */
export const momentInteractionsSchema = z.object({
  id: z.number(),
  minePraiseStatus: bit,
  likeList: z.array(momentLikeSchema),
  commentsList: z.array(momentCommentSchema),
});

export const momentSchema = momentInteractionsSchema.extend({
  /** The author. */
  ...person,
  content: z.string(),
  images: z.array(momentImageSchema),
  video: momentVideoSchema.nullable(),
  /** 0 all friends, 1 only me, 2 only friends in groupList's tags, 3 all friends except them. */
  visibility: z.number(),
  /** The tags of a visibility rule (2 or 3), shown to the author only; [] for everyone else. */
  groupList: z.array(z.object({ id: z.number(), tagName: z.string() })),
  /** Unix ms. */
  createTime: z.number(),
  /**
   * `commentsList` holds the first `MomentLimits.commentsShown` comments the viewer may see; true when
   * more follow (`/friendsCircleComments/listByPage` from the last one's id).
   */
  commentsMore: z.boolean(),
});

/** A friend posted a moment the receiver may see (socket `moment.new`): the author, for the feed's pill. */
export const momentNewSchema = z.object({
  id: z.number(),
  wtId: z.string(),
  /** The author's own nickname and avatar (not the receiver's remark). */
  nickName: z.string(),
  avatar: z.string(),
});

/** A feed or album page; `hasMore`: an older page exists (pass the last row's id as `lastId`). */
export const momentPageSchema = z.object({ rows: z.array(momentSchema), hasMore: z.boolean() });

export const momentNoticeSchema = z.object({
  id: z.number(),
  /** 1 like, 2 comment on my moment, 3 reply to my comment. */
  type: z.number(),
  friendsCircleId: z.number(),
  /** Who liked or commented. */
  ...person,
  /** The comment's text ('' for a like). */
  content: z.string(),
  /** The moment's text and first image thumbnail, for the row's preview. */
  momentContent: z.string(),
  momentImage: z.string(),
  isRead: bit,
  createTime: z.number(),
});
export const momentNoticePageSchema = pageOf(momentNoticeSchema);

export type Moment = z.infer<typeof momentSchema>;
export type MomentImage = z.infer<typeof momentImageSchema>;
export type MomentComment = z.infer<typeof momentCommentSchema>;
export type MomentLike = z.infer<typeof momentLikeSchema>;
export type MomentInteractions = z.infer<typeof momentInteractionsSchema>;
export type MomentPage = z.infer<typeof momentPageSchema>;
export type MomentNotice = z.infer<typeof momentNoticeSchema>;
export type MomentNew = z.infer<typeof momentNewSchema>;
