import { FavoriteType, fieldText, type Favorite, type FavoriteAddBody } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { UserRepo } from '../users/user.repo.js';
import type { FavoriteRepo, FavoriteRow } from './favorite.repo.js';

/** Media fields kept per favorite (the SPEC Favorite request fields), stored as JSON. */
type Stored = Omit<FavoriteAddBody, 'contentType' | 'collectTitle' | 'collectedUserId'>;

function present(row: FavoriteRow): Favorite {
  const d = JSON.parse(row.data) as Stored;
  return {
    id: Number(row.id),
    contentType: row.content_type,
    collectTitle: row.title,
    collectedUserName: row.collected_user_name,
    createTime: Number(row.created_at),
    videoImage: d.videoImage ?? '',
    videoImageAddress: d.videoImageAddress ?? '',
    fileName: d.fileName ?? '',
    fileSize: d.fileSize ?? 0,
    addressTitle: d.addressTitle ?? '',
    lat: d.lat ?? null,
    lng: d.lng ?? null,
    noteContent: d.noteContent ?? '',
    topStatus: row.top_status,
  };
}

/**
 * Favorites (收藏, docs/api.md "Favorites"): each user's own list. Text containing 'http' is stored
 * as type 7, other text as 1. Image, video and file favorites must carry their media (a file of this
 * server); another user's favorite answers 404 exactly like a missing one.
 */
export class FavoritesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly favorites: FavoriteRepo,
    private readonly users: UserRepo,
  ) {}

  async list(
    userId: number,
    q: { pageNum: number; pageSize: number; collectTitle?: string; contentType?: number },
  ) {
    const { rows, total } = await this.favorites.page(userId, {
      offset: (q.pageNum - 1) * q.pageSize,
      limit: q.pageSize,
      search: q.collectTitle?.trim() || undefined,
      contentType: q.contentType,
    });
    return { rows: rows.map(present), total };
  }

  async add(userId: number, body: FavoriteAddBody): Promise<Favorite> {
    const { contentType: asked, collectTitle = '', collectedUserId, ...media } = body;
    let contentType: number = asked;
    if (asked === FavoriteType.text || asked === FavoriteType.link)
      contentType = /http/i.test(collectTitle) ? FavoriteType.link : FavoriteType.text;
    const need = (ok: unknown, field: string) => {
      if (!ok) throw fail('badRequest', fieldText('required', [field]), { field });
    };
    if (contentType === FavoriteType.text || contentType === FavoriteType.link)
      need(collectTitle.trim(), 'collectTitle');
    if (contentType === FavoriteType.image) need(media.videoImage, 'videoImage');
    if (contentType === FavoriteType.video) need(media.videoImageAddress, 'videoImageAddress');
    if (contentType === FavoriteType.file) {
      need(media.videoImageAddress, 'videoImageAddress');
      need(media.fileName, 'fileName');
    }
    if (contentType === FavoriteType.location)
      need(media.lat !== undefined && media.lng !== undefined, 'lat');
    if (contentType === FavoriteType.note)
      need(collectTitle.trim() || media.noteContent?.trim(), 'noteContent');

    const author = collectedUserId ? await this.users.byWtId(collectedUserId) : undefined;
    const search = [collectTitle, media.fileName, media.addressTitle, media.noteContent, author?.nick_name]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    const row = await this.favorites.insert({
      owner_id: userId,
      content_type: contentType,
      collected_user_id: author ? Number(author.id) : null,
      collected_user_name: author?.nick_name ?? '',
      title: collectTitle,
      search_text: search,
      data: JSON.stringify(media),
      top_status: 0,
      top_at: 0,
      created_at: this.ctx.clock.now(),
    });
    return present(row);
  }

  /** Deletes the caller's favorites; if any id is not theirs, nothing is deleted (404). */
  async batchDel(userId: number, ids: number[]): Promise<{ deleted: number }> {
    const unique = [...new Set(ids)];
    return this.ctx.uow.run(async (uow) => {
      const repo = this.favorites.in(uow);
      if ((await repo.countOwned(userId, unique)) !== unique.length) throw fail('notFound');
      return { deleted: await repo.deleteOwned(userId, unique) };
    });
  }

  async setTop(userId: number, id: number, top: 0 | 1): Promise<Favorite> {
    if (!(await this.favorites.byId(userId, id))) throw fail('notFound');
    await this.favorites.setTop(userId, id, top, this.ctx.clock.now());
    return present((await this.favorites.byId(userId, id))!);
  }
}
