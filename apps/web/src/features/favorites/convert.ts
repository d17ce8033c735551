import { FavoriteType, type Favorite, type FavoriteAddBody } from '@parley/protocol';

/** The parts of a message a favorite is made from. */
export interface FavoriteSource {
  type: string;
  from: string;
  payload: Record<string, unknown>;
}

const s = (v: unknown) => (typeof v === 'string' ? v : '');
const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
/** Only this server's files are kept as favorite media. */
const own = (v: unknown) =>
  /^\/api\/oss\/files\/[0-9a-f]{32}\.[a-z0-9]{1,8}$/.test(s(v)) ? s(v) : undefined;

function customData(payload: Record<string, unknown>): Record<string, unknown> {
  try {
    const d = JSON.parse(s(payload.data)) as unknown;
    return d && typeof d === 'object' ? (d as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The favorite request of a message (SPEC: text with 'http' → 7, else 1 — the server decides too;
 * image, video, file, location, note), or null for types that cannot be saved.
 */
export function favoriteOf(m: FavoriteSource): FavoriteAddBody | null {
  const p = m.payload;
  const base = { collectedUserId: m.from };
  switch (m.type) {
    case 'text': {
      const text = s(p.text);
      return text.trim()
        ? {
            ...base,
            contentType: /http/.test(text) ? FavoriteType.link : FavoriteType.text,
            collectTitle: text,
          }
        : null;
    }
    case 'image': {
      const list = Array.isArray(p.imageInfoArray) ? (p.imageInfoArray as Record<string, unknown>[]) : [];
      const url = own(list[1]?.url) ?? own(list[0]?.url);
      return url
        ? {
            ...base,
            contentType: FavoriteType.image,
            videoImage: url,
            imageUuid: s(list[0]?.uuid) || undefined,
          }
        : null;
    }
    case 'video': {
      const url = own(p.url);
      return url
        ? {
            ...base,
            contentType: FavoriteType.video,
            videoImageAddress: url,
            videoImage: own(p.snapshotUrl),
            videoUuid: s(p.videoUUID) || undefined,
            snapshotUuid: s(p.snapshotUUID) || undefined,
          }
        : null;
    }
    case 'file': {
      const url = own(p.fileUrl);
      return url
        ? {
            ...base,
            contentType: FavoriteType.file,
            videoImageAddress: url,
            fileName: s(p.fileName),
            fileSize: n(p.fileSize),
            fileUuid: s(p.uuid) || undefined,
            fileType: s(p.fileName).split('.').pop()?.slice(0, 32),
          }
        : null;
    }
    case 'location': {
      let title = '';
      let detail = '';
      try {
        const d = JSON.parse(s(p.description)) as { title?: unknown; detail?: unknown };
        title = s(d.title);
        detail = s(d.detail);
      } catch {
        title = s(p.description);
      }
      const lat = n(p.latitude);
      const lng = n(p.longitude);
      return lat === undefined || lng === undefined
        ? null
        : {
            ...base,
            contentType: FavoriteType.location,
            addressTitle: title,
            collectTitle: detail,
            lat,
            lng,
          };
    }
    case 'custom': {
      const d = customData(p);
      if (d.businessID !== 'note' && d.businessID !== 'collect') return null;
      return {
        ...base,
        contentType: FavoriteType.note,
        collectTitle: s(d.collectTitle),
        noteContent: s(d.noteContent),
      };
    }
    default:
      return null;
  }
}

/**
 * The message a favorite is sent as, or null when it lacks what that needs (SPEC: image, video and
 * file entries without a media address or a name are skipped).
 */
export function messageOfFavorite(f: Favorite): {
  type: 'text' | 'image' | 'video' | 'file' | 'location' | 'custom';
  payload: Record<string, unknown>;
} | null {
  switch (f.contentType) {
    case FavoriteType.text:
    case FavoriteType.link:
      return f.collectTitle.trim() ? { type: 'text', payload: { text: f.collectTitle } } : null;
    case FavoriteType.image:
      return f.videoImage ? { type: 'image', payload: { imageInfoArray: [{ url: f.videoImage }] } } : null;
    case FavoriteType.video:
      return f.videoImageAddress
        ? {
            type: 'video',
            payload: { url: f.videoImageAddress, ...(f.videoImage ? { snapshotUrl: f.videoImage } : {}) },
          }
        : null;
    case FavoriteType.file:
      return f.videoImageAddress && f.fileName
        ? {
            type: 'file',
            payload: { fileUrl: f.videoImageAddress, fileName: f.fileName, fileSize: f.fileSize },
          }
        : null;
    case FavoriteType.location:
      return f.lat === null || f.lng === null
        ? null
        : {
            type: 'location',
            payload: {
              latitude: f.lat,
              longitude: f.lng,
              description: JSON.stringify({ title: f.addressTitle, detail: f.collectTitle }),
            },
          };
    case FavoriteType.note:
      return {
        type: 'custom',
        payload: {
          data: JSON.stringify({
            businessID: 'note',
            collectTitle: f.collectTitle,
            noteContent: f.noteContent,
          }),
          description: f.collectTitle,
        },
      };
    default:
      return null;
  }
}
