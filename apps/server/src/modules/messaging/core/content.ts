import {
  customDataOf,
  ErrorDetails,
  fieldText,
  ForwardLimits,
  friendCustomTypes,
  hasForbiddenChars,
  Limits,
  MessageLimits,
  payloadSchemas,
  UPLOAD_URL_PREFIX,
  utf8Length,
  type SendMessageBody,
  type ValidationKind,
} from '@parley/protocol';
import { fail } from '../../../lib/errors.js';
import { validationError } from '../../../lib/validate.js';

/** A payload checked for its type, with the text the search index keeps. */
export interface CheckedContent {
  payload: Record<string, unknown>;
  searchText: string;
}

/** A file this server stores (docs/api.md "Uploads"); media payloads may point nowhere else. */
const OWN_FILE = new RegExp(`^${UPLOAD_URL_PREFIX.replace(/\//g, '\\/')}[0-9a-f]{32}\\.[a-z0-9]{1,8}$`);
/** Keys of merged records (32 hex) and sticker ids (`group/item`). */
const RECORD_KEY = /^[0-9a-f]{32}$/;
const STICKER = /^[a-z0-9_-]{1,32}\/[a-z0-9_-]{1,32}$/;
const HTTP_URL = /^https?:\/\/[^\s]{1,1000}$/i;
/** A path on this site (uploads, shipped avatars), never `//host` or a scheme. */
const SITE_PATH = /^\/(?!\/)[\w./-]{1,500}$/;

const bad = (field: string, kind: ValidationKind = 'invalid', n?: number): never => {
  throw fail('badRequest', fieldText(kind, field.split('.'), n), { field });
};

function ownFile(value: unknown, field: string): void {
  if (value === undefined) return;
  if (typeof value !== 'string' || !OWN_FILE.test(value)) bad(field, 'notOwnFile');
}

/**
 * Checks a message's payload: its type's shape (400 naming the field), the size (80002), an empty
 * text (400), media that must be this server's uploads, custom business types, and the
 * sensitive-word list (80001: the message is not stored for anyone).
 */
export function checkContent(body: SendMessageBody, sensitiveWords: readonly string[]): CheckedContent {
  const schema = payloadSchemas[body.type];
  const parsed = schema.safeParse(body.payload);
  if (!parsed.success) {
    throw validationError(parsed.error.issues, body.payload, ['payload']);
  }
  const payload = parsed.data as Record<string, unknown>;
  if (utf8Length(JSON.stringify(payload)) > MessageLimits.payloadBytes) throw fail('messageTooLong');

  let searchText = '';
  switch (body.type) {
    case 'text': {
      const text = payload.text as string;
      if (utf8Length(text) > MessageLimits.textBytes) throw fail('messageTooLong');
      if (text.trim() === '') bad('payload.text', 'required');
      if (hasForbiddenChars(text, true)) bad('payload.text', 'forbiddenChars');
      searchText = text;
      break;
    }
    case 'image': {
      const list = payload.imageInfoArray as { url: string }[];
      if (list.length === 0) bad('payload.imageInfoArray', 'required');
      list.forEach((info, i) => ownFile(info.url, `payload.imageInfoArray.${i}.url`));
      break;
    }
    case 'video':
      ownFile(payload.url, 'payload.url');
      ownFile(payload.snapshotUrl, 'payload.snapshotUrl');
      break;
    case 'sound':
      ownFile(payload.url, 'payload.url');
      if ((payload.second as number) < 1) bad('payload.second', 'tooSmall', 1);
      break;
    case 'file':
      ownFile(payload.fileUrl, 'payload.fileUrl');
      if ((payload.fileSize as number) > Limits.fileBytes) throw fail('fileTooLarge');
      searchText = String(payload.fileName ?? '');
      break;
    case 'face':
      if (payload.data !== undefined && !STICKER.test(String(payload.data))) bad('payload.data');
      break;
    case 'location':
      searchText = checkLocation(payload);
      break;
    case 'merger':
      // The messages of a merged record are kept by the server (forwarding), never sent by a client.
      delete payload.messageList;
      if (typeof payload.downloadKey !== 'string' || !RECORD_KEY.test(payload.downloadKey))
        bad('payload.downloadKey');
      if ((payload.abstractList as string[]).length > ForwardLimits.abstractLines)
        bad('payload.abstractList', 'tooMany', ForwardLimits.abstractLines);
      searchText = String(payload.title ?? '');
      break;
    case 'custom':
      searchText = checkCustom(payload);
      break;
  }
  const lower = `${searchText} ${JSON.stringify(body.type === 'text' ? '' : payload)}`.toLowerCase();
  if (sensitiveWords.some((w) => lower.includes(w))) throw fail('sensitiveText');
  return { payload, searchText: searchText.toLowerCase() };
}

/**
 * The uploads a message's payload names (before it is checked: anything that is not a string where
 * a URL goes is left out, the payload check refuses it later).
 */
export function fileUrlsOf(type: SendMessageBody['type'], payload: unknown): string[] {
  if (typeof payload !== 'object' || payload === null) return [];
  const p = payload as Record<string, unknown>;
  const urls =
    type === 'image'
      ? (Array.isArray(p.imageInfoArray) ? p.imageInfoArray : []).map(
          (i) => (i as { url?: unknown } | null)?.url,
        )
      : type === 'file'
        ? [p.fileUrl]
        : type === 'video'
          ? [p.url, p.snapshotUrl]
          : type === 'sound'
            ? [p.url]
            : [];
  return urls.filter((u): u is string => typeof u === 'string');
}

/** `description` is JSON {title, detail} (both strings); the title is searchable. */
function checkLocation(payload: Record<string, unknown>): string {
  if (payload.description === undefined) return '';
  const d = parseJson(payload.description, 'payload.description') as { title?: unknown; detail?: unknown };
  if (typeof d?.title !== 'string' || (d.detail !== undefined && typeof d.detail !== 'string'))
    bad('payload.description', 'required');
  return `${d.title} ${String(d.detail ?? '')}`;
}

function parseJson(raw: unknown, field: string): unknown {
  try {
    return JSON.parse(String(raw));
  } catch {
    return bad(field);
  }
}

type Shape = Record<string, 'string' | 'number' | 'url' | 'list'>;
/**
 * The custom business types a client may send and their fields' types; a name ending in `?` may be
 * left out (cards drawn from what is there). Extra fields pass. Types of other features (calls,
 * groups) are written by the server and are not in this table.
 */
const CUSTOM_SHAPES: Record<string, Shape> = {
  nameCard: { userId: 'string', 'nickName?': 'string' },
  collect: { 'collectTitle?': 'string', 'noteContent?': 'string' },
  note: { 'collectTitle?': 'string', 'noteContent?': 'string' },
  link: { 'text?': 'string', link: 'url' },
  order: { 'link?': 'url', 'title?': 'string', 'price?': 'string', 'description?': 'string' },
  evaluate: { 'score?': 'number', 'comment?': 'string' },
  service: { 'title?': 'string', 'item?': 'list', 'hyperlinks_text?': 'string' },
  helper: { 'detailType?': 'string' },
};

/** Custom messages: friend notices cannot be forged; known business types must have their fields. */
function checkCustom(payload: Record<string, unknown>): string {
  const description = String(payload.description ?? '');
  const data = customDataOf(payload);
  if (!data) return description; // none, or free-form custom data
  const kind = data.businessID;
  if ((friendCustomTypes as readonly unknown[]).includes(kind))
    throw fail('badRequest', ErrorDetails.systemNoticeNotAllowed, { field: 'payload.data' });
  const shape = typeof kind === 'string' ? CUSTOM_SHAPES[kind] : undefined;
  if (!shape) return description;
  for (const [name, type] of Object.entries(shape)) {
    const key = name.replace(/\?$/, '');
    const v = data[key];
    if (v === undefined && name.endsWith('?')) continue;
    const field = `payload.data.${key}`;
    if (type === 'number' && (typeof v !== 'number' || !Number.isFinite(v))) bad(field);
    if (type === 'string' && (typeof v !== 'string' || v.length > 2000)) bad(field);
    if (type === 'url' && (typeof v !== 'string' || !HTTP_URL.test(v))) bad(field, 'notHttpLink');
    if (type === 'list' && !Array.isArray(v)) bad(field);
  }
  // Images inside cards are this server's files or http(s) links, never javascript: or data: URLs.
  for (const key of ['avatar', 'imageUrl', 'videoImage']) {
    const v = data[key];
    if (v !== undefined && v !== '' && (typeof v !== 'string' || !(SITE_PATH.test(v) || HTTP_URL.test(v))))
      bad(`payload.data.${key}`, 'notHttpLink');
  }
  if (kind === 'evaluate' && ((data.score as number) < 0 || (data.score as number) > 5))
    bad('payload.data.score', 'tooLarge', 5);
  return [description, data.nickName, data.collectTitle, data.noteContent, data.text, data.title]
    .filter((s) => typeof s === 'string' && s)
    .join(' ');
}
