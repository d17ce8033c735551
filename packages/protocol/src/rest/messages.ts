import { z } from 'zod';
import { Chat } from '../constants.js';
import { sendableMessageTypes } from '../custom-constants.js';
import { intField, listField, required, textField } from '../fields.js';
import { groupNumberField } from '../models/group-requests.js';

/**
 * Messages and conversations (docs/api.md "Messages and conversations"). A conversation is named as
 * its reader sees it: `C2C<wtId of the other side>` (groups: `GROUP<groupNumber>`, later).
 */
export const MessageLimits = {
  /** A text's UTF-8 bytes (12 KB); over it: 80002. */
  textBytes: 12 * 1024,
  /** Any payload's JSON bytes; over it: 80002. */
  payloadBytes: 16 * 1024,
  historyMax: 100,
  historyDefault: 20,
  listMax: 100,
  listDefault: 50,
  searchPage: 20,
  /** Change-log rows read per sync call. */
  syncPage: 1000,
  revokeWindowMs: 5 * 60 * 1000,
  deleteMax: 100,
} as const;

export const messageTypes = [...sendableMessageTypes, 'groupTip'] as const;
export type MessageKind = (typeof messageTypes)[number];

export const conversationIdField = (label = 'conversationID') =>
  z
    .string(required(label))
    .max(80, { error: `${label}格式不正确`, abort: true })
    .regex(/^(C2C|GROUP)[A-Za-z0-9_-]{1,64}$/, `${label}格式不正确`);

const messageIdField = (label: string) =>
  z
    .string(required(label))
    .max(40, { error: `${label}格式不正确`, abort: true })
    .regex(/^[A-Za-z0-9_-]{1,40}$/, `${label}格式不正确`);

const str = (label: string, max: number) => textField(label, { max, maxUnits: max });
const num = (label: string) => z.number({ error: `${label}格式不正确` });

/** Per-type payloads (the field names other chat SDKs use). Unknown keys are dropped. */
export const payloadSchemas = {
  // The text's size (12 KB → 80002) and emptiness are checked by the server, so they answer codes.
  text: z.object({
    text: z.string(required('payload.text')).max(200_000, { error: 'payload.text过长', abort: true }),
    atUserList: listField('payload.atUserList', str('atUserList', 64), 100, 'atUserList过长').optional(),
  }),
  image: z.object({
    imageInfoArray: listField(
      'payload.imageInfoArray',
      z.object({
        url: str('url', 1024),
        uuid: str('uuid', 128).optional(),
        imageFormat: intField('imageFormat', { min: 0, max: 255 }).optional(),
        width: intField('width', { min: 0 }).optional(),
        height: intField('height', { min: 0 }).optional(),
        size: intField('size', { min: 0 }).optional(),
      }),
      3,
      'imageInfoArray过长',
    ),
  }),
  video: z.object({
    url: str('url', 1024),
    snapshotUrl: str('snapshotUrl', 1024).optional(),
    snapshotWidth: intField('snapshotWidth', { min: 0 }).optional(),
    snapshotHeight: intField('snapshotHeight', { min: 0 }).optional(),
    videoUUID: str('videoUUID', 128).optional(),
    snapshotUUID: str('snapshotUUID', 128).optional(),
    second: intField('second', { min: 0 }).optional(),
  }),
  sound: z.object({
    url: str('url', 1024),
    second: intField('second', { min: 0, max: 3600 }),
    uuid: str('uuid', 128).optional(),
  }),
  file: z.object({
    fileUrl: str('fileUrl', 1024),
    fileName: str('fileName', 255),
    fileSize: intField('fileSize', { min: 0 }),
    uuid: str('uuid', 128).optional(),
  }),
  face: z.object({ index: intField('index', { min: 0 }), data: str('data', 256).optional() }),
  location: z.object({
    latitude: num('latitude').min(-90).max(90),
    longitude: num('longitude').min(-180).max(180),
    description: str('description', 1024).optional(),
  }),
  merger: z.object({
    title: str('title', 256),
    abstractList: listField('abstractList', str('abstract', 512), 20, 'abstractList过长'),
    messageList: z.array(z.record(z.string(), z.unknown())).max(100).optional(),
    downloadKey: str('downloadKey', 256).optional(),
  }),
  custom: z.object({
    data: textField('data', { max: 8192, multiline: true }).optional(),
    description: str('description', 512).optional(),
    extension: str('extension', 512).optional(),
  }),
} as const satisfies Record<(typeof sendableMessageTypes)[number], z.ZodType>;

export const messageReplySchema = z.object({
  messageID: messageIdField('messageReply.messageID'),
  messageType: z.string().max(16),
  messageSender: z.string().max(64),
  messageAbstract: z.string().max(512),
});

/** POST /api/message/send and frame `message.send`. */
export const sendMessageBody = z.object({
  conversationID: conversationIdField(),
  clientMsgId: z
    .string(required('clientMsgId'))
    .max(64, { error: 'clientMsgId格式不正确', abort: true })
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'clientMsgId格式不正确'),
  type: z.enum(sendableMessageTypes, { error: 'type不支持' }),
  payload: z.record(z.string(), z.unknown(), { error: 'payload格式不正确' }),
  cloudCustomData: z.object({ messageReply: messageReplySchema.optional() }).optional(),
  needReadReceipt: z.boolean({ error: 'needReadReceipt格式不正确' }).optional(),
  /** Groups: mentioned members' wtIds, or AT_ALL (owner and admins only). */
  atUserList: listField('atUserList', str('atUserList', 64), 100, 'atUserList过长').optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

const seqField = (label: string) => intField(label, { min: 1, max: Number.MAX_SAFE_INTEGER }).optional();

/**
 * POST /message/history: a page before `beforeSeq` (none: the newest), after `afterSeq`, or
 * around `aroundSeq` (the message at it first of the newer half); one position at most.
 */
export const historyBody = z
  .object({
    conversationID: conversationIdField(),
    beforeSeq: seqField('beforeSeq'),
    afterSeq: seqField('afterSeq'),
    aroundSeq: seqField('aroundSeq'),
    count: intField('count', { min: 1, max: MessageLimits.historyMax }).default(MessageLimits.historyDefault),
  })
  .refine((b) => [b.beforeSeq, b.afterSeq, b.aroundSeq].filter((v) => v !== undefined).length <= 1, {
    error: 'aroundSeq格式不正确',
    path: ['aroundSeq'],
  });
export type HistoryBody = z.infer<typeof historyBody>;

export const syncBody = z.object({
  since: intField('since', { min: 0 }),
  /** Group conversations the client holds → the group version it has seen. */
  groups: z
    .record(conversationIdField('groups'), intField('groups', { min: 0 }), { error: 'groups格式不正确' })
    .refine((g) => Object.keys(g).length <= 1000, { error: 'groups过长' })
    .optional(),
});
export type SyncBody = z.infer<typeof syncBody>;

/** POST /message/readReceipts. */
export const readReceiptsBody = z.object({
  conversationID: conversationIdField(),
  messageIDs: listField('messageIDs', messageIdField('messageID'), 100, 'messageIDs不能超过100条').refine(
    (l) => l.length > 0,
    { error: 'messageIDs不能为空' },
  ),
});

/** POST /message/readMembers: filter 0 read, 1 unread. */
export const readMembersBody = z.object({
  conversationID: conversationIdField(),
  messageID: messageIdField('messageID'),
  filter: z.literal([0, 1], { error: 'filter格式不正确' }),
  cursor: z.string().max(40, 'cursor格式不正确').regex(/^\d*$/, 'cursor格式不正确').optional(),
  count: intField('count', { min: 1, max: Chat.readReceiptPage }).default(Chat.readReceiptPage),
});

/** POST /user/groupchat/admin/revokeAll: every message of `wtId` up to `seq`. */
export const revokeAllBody = z.object({
  groupNumber: groupNumberField,
  wtId: textField('wtId', { max: 64, min: 1, tooLong: 'wtId过长' }),
  seq: intField('seq', { min: 1 }),
});

/** POST /user/groupchat/admin/withdrawWebMsgByUser: revokeAll under its legacy names. */
export const withdrawByUserBody = z.object({
  groupNumber: groupNumberField,
  userWtId: textField('userWtId', { max: 64, min: 1, tooLong: 'userWtId过长' }),
  lastMessageSequence: intField('lastMessageSequence', { min: 1 }),
});

/** POST /user/groupchat/admin/withdrawMsg: one message of `userWtId`, by its sequence. */
export const withdrawMsgBody = z.object({
  groupNumber: groupNumberField,
  userWtId: textField('userWtId', { max: 64, min: 1, tooLong: 'userWtId过长' }),
  msgSeq: intField('msgSeq', { min: 1 }),
});

export const messageRefBody = z.object({ messageID: messageIdField('messageID') });

export const deleteMessagesBody = z.object({
  messageIDs: listField(
    'messageIDs',
    messageIdField('messageID'),
    MessageLimits.deleteMax,
    `messageIDs不能超过${MessageLimits.deleteMax}条`,
  ).refine((l) => l.length > 0, { error: 'messageIDs不能为空' }),
});

export const searchBody = z.object({
  keyword: textField('keyword', { max: 64, min: 1 }),
  conversationID: conversationIdField().optional(),
  cursor: intField('cursor', { min: 0 }).optional(),
});

/** Contacts and groups for the conversation list's search box (联系人 / 群组 sections). */
export const conversationSearchBody = z.object({ keyword: textField('keyword', { max: 64, min: 1 }) });

export const conversationRefBody = z.object({ conversationID: conversationIdField() });
export const readBody = z.object({
  conversationID: conversationIdField(),
  seq: intField('seq', { min: 0 }).optional(),
});
export const conversationListBody = z.object({
  cursor: intField('cursor', { min: 0 }).default(0),
  count: intField('count', { min: 1, max: MessageLimits.listMax }).default(MessageLimits.listDefault),
  /** 4: only archived conversations; omitted: everything. */
  markType: z.literal([4], { error: 'markType格式不正确' }).optional(),
});
const flag = (label: string) => z.boolean({ error: `${label}格式不正确` });
export const pinBody = z.object({ conversationID: conversationIdField(), isPinned: flag('isPinned') });
export const muteBody = z.object({ conversationID: conversationIdField(), isMuted: flag('isMuted') });
/** markType 2 (marked unread) or 4 (archived); `conversationIDList` empty with 4 and `enable` false: 'move all out' of the archive. */
export const markBody = z.object({
  conversationIDList: listField('conversationIDList', conversationIdField(), 100, 'conversationIDList过长'),
  markType: z.literal([2, 4], { error: 'markType格式不正确' }),
  enable: flag('enable'),
});
export const customDataBody = z.object({
  conversationID: conversationIdField(),
  customData: textField('customData', { max: 1024, maxUnits: 4096 }),
});
export const draftBody = z.object({
  conversationID: conversationIdField(),
  /** null clears the draft. */
  draft: z
    .object({
      html: textField('draft.html', { max: 20_000, maxUnits: 20_000, multiline: true, trim: false }),
      abstract: textField('draft.abstract', { max: 200, maxUnits: 1000, multiline: true }),
      messageID: z.string().max(40).optional(),
      type: z.string().max(16).optional(),
    })
    .nullable(),
});
export const deleteConversationBody = z.object({
  conversationID: conversationIdField(),
  clearHistory: flag('clearHistory').default(true),
});
export const typingFrame = z.object({ conversationID: conversationIdField() });
