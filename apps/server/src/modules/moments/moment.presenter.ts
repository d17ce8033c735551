import type { Moment, MomentComment, MomentImage, MomentInteractions, MomentLike } from '@parley/protocol';
import type { CommentRow } from './interaction.repo.js';
import type { MomentRow, PersonRow } from './moment.repo.js';

/** The media of a moment as stored (moments.media, JSON). */
export interface StoredMedia {
  images: MomentImage[];
  video: { url: string; snapshotUrl: string } | null;
}

export const parseMedia = (json: string): StoredMedia => JSON.parse(json) as StoredMedia;

const UNKNOWN: Omit<PersonRow, 'id'> = { wtId: '', nickName: '', avatar: '' };
const personOf = (people: Map<number, PersonRow>, id: number) => {
  const p = people.get(id) ?? UNKNOWN;
  return { wtId: p.wtId, nickName: p.nickName, avatar: p.avatar };
};

/** The user ids a set of likes and comments names (to load their names in one query). */
export function peopleIn(
  likes: { user_id: number }[],
  comments: CommentRow[],
  extra: number[] = [],
): number[] {
  const ids = [...extra];
  for (const l of likes) ids.push(Number(l.user_id));
  for (const c of comments) {
    ids.push(Number(c.author_id));
    if (c.reply_to_id != null) ids.push(Number(c.reply_to_id));
  }
  return ids;
}

export function presentComment(c: CommentRow, people: Map<number, PersonRow>): MomentComment {
  const reply = c.reply_to_id == null ? undefined : personOf(people, Number(c.reply_to_id));
  return {
    id: Number(c.id),
    friendsCircleId: Number(c.moment_id),
    ...personOf(people, Number(c.author_id)),
    content: c.content,
    replyToWtId: reply?.wtId ?? '',
    replyToNickName: reply?.nickName ?? '',
    createTime: Number(c.created_at),
  };
}

/** Likes and comments grouped by moment, as one viewer sees them. */
export function presentInteractions(
  viewerId: number,
  momentIds: number[],
  likes: { moment_id: number; user_id: number; created_at: number }[],
  comments: CommentRow[],
  people: Map<number, PersonRow>,
): Map<number, MomentInteractions> {
  const out = new Map<number, MomentInteractions>();
  for (const id of momentIds) out.set(id, { id, minePraiseStatus: 0, likeList: [], commentsList: [] });
  for (const l of likes) {
    const entry = out.get(Number(l.moment_id));
    if (!entry) continue;
    const like: MomentLike = { ...personOf(people, Number(l.user_id)), createTime: Number(l.created_at) };
    entry.likeList.push(like);
    if (Number(l.user_id) === viewerId) entry.minePraiseStatus = 1;
  }
  for (const c of comments) out.get(Number(c.moment_id))?.commentsList.push(presentComment(c, people));
  return out;
}

export function presentMoment(
  viewerId: number,
  row: MomentRow,
  people: Map<number, PersonRow>,
  interactions: MomentInteractions,
  tags: { id: number; tagName: string }[],
  commentsMore: boolean,
): Moment {
  const media = parseMedia(row.media);
  const authorId = Number(row.author_id);
  return {
    ...interactions,
    id: Number(row.id),
    ...personOf(people, authorId),
    content: row.content,
    images: media.images,
    video: media.video,
    visibility: authorId === viewerId ? Number(row.visibility) : 0,
    groupList: authorId === viewerId ? tags : [],
    createTime: Number(row.created_at),
    commentsMore,
  };
}
