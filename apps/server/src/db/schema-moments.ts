import type { Generated } from 'kysely';

/** Moments tables (migration 20261128050000_moments). Times in unix ms. */
export interface MomentsTable {
  id: Generated<number>;
  author_id: number;
  content: string;
  /** JSON: images and video (`StoredMedia` in modules/moments/moment.presenter.ts). */
  media: string;
  /** 0 all, 1 private, 2 only tags, 3 except tags. */
  visibility: number;
  /** JSON array of tag ids. */
  tag_ids: string;
  created_at: number;
}

export interface MomentInboxTable {
  viewer_id: number;
  moment_id: number;
}

/** A moment not yet in all its viewers' inboxes (migration 20261128110000_moment_fanout). */
export interface MomentFanoutTable {
  moment_id: number;
  author_id: number;
  /** The last friend id delivered (0 before the first chunk). */
  after_id: number;
  created_at: number;
}

export interface MomentLikesTable {
  moment_id: number;
  user_id: number;
  created_at: number;
}

export interface MomentCommentsTable {
  id: Generated<number>;
  moment_id: number;
  author_id: number;
  reply_to_id: number | null;
  content: string;
  created_at: number;
}

export interface MomentNoticesTable {
  id: Generated<number>;
  user_id: number;
  moment_id: number;
  actor_id: number;
  /** 1 like, 2 comment, 3 reply. */
  kind: number;
  comment_id: number | null;
  is_read: Generated<number>;
  created_at: number;
}

export interface MomentsDatabase {
  moments: MomentsTable;
  moment_inbox: MomentInboxTable;
  moment_fanout: MomentFanoutTable;
  moment_likes: MomentLikesTable;
  moment_comments: MomentCommentsTable;
  moment_notices: MomentNoticesTable;
}
