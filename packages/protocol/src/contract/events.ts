import { z } from 'zod';
import { groupInvitationSchema } from '../models/group-invitation.js';
import {
  blackStatusResultSchema,
  customNoticeSchema,
  friendApplicationSchema,
  friendDeletedSchema,
  friendItemSchema,
} from '../models/friends.js';
import {
  conversationRemovedSchema,
  conversationSchema,
  groupReadSchema,
  groupRevokeAllSchema,
  messageReadSchema,
  messageSchema,
  syncResultSchema,
  typingSchema,
} from '../models/messages.js';
import { groupChangedSchema } from '../models/group.js';
import {
  callIdFrame,
  callInviteFrame,
  callSchema,
  callSignalFrame,
  callSignalSchema,
  callSwitchFrame,
  callUpdatedSchema,
} from '../models/calls.js';
import {
  callMediaAnswerSchema,
  callMediaCandidateFrame,
  callMediaCandidateSchema,
  callMediaIdFrame,
  callMediaLevelsSchema,
  callMediaOfferAckSchema,
  callMediaOfferSchema,
  callMediaSdpFrame,
  callMediaTracksSchema,
} from '../models/call-media.js';
import {
  groupCallChangedSchema,
  groupCallFrame,
  inviteUserFrame,
  joinInGroupCallFrame,
} from '../models/group-calls.js';
import { tagSchema } from '../models/tags.js';
import { sessionGroupSchema } from '../models/session-groups.js';
import { pinsChangedSchema } from '../models/pins.js';
import { reactionChangedSchema } from '../models/reactions.js';
import { momentNewSchema } from '../models/moments.js';
import { readBody, sendMessageBody, syncBody, typingFrame } from '../rest/messages.js';
import { countersSchema, userInfoSchema } from '../models/user.js';

/**
 * The socket contract (docs/api.md "Socket protocol"). Server → client frames are `{type, data, seq?}`;
 * `seq` numbers the frames pushed to one user (see docs/architecture.md "An event's way") so a client can
 * tell from the next `hello` that it missed some. Numeric types keep their legacy meanings.
 */
export const helloSchema = z.object({
  /** The public user ID (wtId). */
  userId: z.string(),
  connectionId: z.string(),
  serverTime: z.number(),
  heartbeatMs: z.number(),
  /** The user's latest pushed frame sequence; more than the client saw = it missed frames. */
  seq: z.number(),
  /** Changes when the sequence restarts (an in-process bus after a restart): resync then too. */
  epoch: z.string(),
  /** The user's message sync version now (POST /message/sync): above the client's, it syncs. */
  syncVersion: z.number().optional(),
  /**
   * The socket URL named the version the client knows (`/ws/{token}?since=V`) and changes came
   * after it: `sync` is what `message.sync {since: V}` answers without `groups` (the one-to-one
   * change log; group chats still sync by their versions), and `syncSince` repeats V.
   */
  syncSince: z.number().optional(),
  sync: syncResultSchema.optional(),
});

const logoutText = z.object({ text: z.string(), code: z.number().optional() });

export const serverEvents = {
  hello: helloSchema,
  /** Forced logout / kicked: show the text, log out, go to /login. */
  '-1': logoutText,
  '-2': logoutText,
  /** Moments notification count. */
  '2': z.object({ count: z.number() }),
  /** Group notification counters. */
  '4': z.object({ joinApplyUnRead: z.number(), otherUnRead: z.number(), selfApplyUnRead: z.number() }),
  /** A group the user belongs to (or just left) changed: refetch it. */
  '5': groupChangedSchema,
  /** The pinned messages of a one-to-one chat changed: its pins as the receiver sees them (both sides). */
  '3': pinsChangedSchema,
  /** An administrator revoked every message of `wtId` up to `seq` in the group (group topic). */
  '7': groupRevokeAllSchema,
  /** A member read a group conversation up to `seq` (group topic; refresh own receipts ≤ seq). */
  'group.read': groupReadSchema,
  'counters.updated': countersSchema.partial(),
  /** A new (or renewed) application reached the target (direction 'in'). */
  'friend.apply': friendApplicationSchema,
  /** An application changed: accepted / rejected, or read (the target's other tabs). */
  'friend.apply.updated': friendApplicationSchema,
  /** A friendship started: each side receives its own row of the new friend. */
  'friend.added': friendItemSchema,
  /** The friendship with `wtId` ended (both sides). */
  'friend.deleted': friendDeletedSchema,
  /** The owner's row of a friend changed (remark, tags, moments visibility, black status). */
  'friend.updated': friendItemSchema,
  /** The owner blacklisted or unblocked someone. */
  'friend.black': blackStatusResultSchema,
  /** The owner's tags changed: the full list. */
  'tags.updated': z.object({ tags: z.array(tagSchema) }),
  /** The owner's custom conversation tabs changed: the full list, in order. */
  'sessionGroups.updated': z.object({ groups: z.array(sessionGroupSchema) }),
  /** A member added or removed an emoji reaction on a message (every member of the conversation). */
  'message.reaction': reactionChangedSchema,
  /** A friend notice (add-friend to both users; add-black and delete-friend to the sender). */
  'message.custom': customNoticeSchema,
  /** The user's own profile changed: their other tabs. */
  'user.updated': userInfoSchema,
  /**
   * A stored message, as this user sees it: every tab of both users (the sender's included). Group
   * messages come through the group's topic, the same frame for every member (flow 'in', no `seq`).
   */
  'message.new': messageSchema,
  /** A message changed (revoked; or deleted for this user: isDeleted). */
  'message.updated': messageSchema,
  /** `readerID` read `conversationID` up to `seq`: to the reader's other tabs and to the peer. */
  'message.read': messageReadSchema,
  /** The user's conversation changed (pin, mute, marks, remark, draft, read, cleared). */
  'conversation.updated': conversationSchema,
  /** The user deleted the conversation (it comes back with the next message). */
  'conversation.deleted': conversationRemovedSchema,
  /** The peer is typing in `conversationID` (show it for a few seconds unless renewed). */
  typing: typingSchema,
  /** A call changed state (action 1 invite … 10 media switched): every tab of both parties. */
  'call.updated': callUpdatedSchema,
  /** SDP offer/answer or ICE candidate from the other party of a call. */
  'call.signal': callSignalSchema,
  /** Group-call media (docs/api.md "Group-call media"): a new offer for the subscribing connection. */
  'call.media.offer': callMediaOfferSchema,
  /** Whose track each section of the subscribing connection carries. */
  'call.media.tracks': callMediaTracksSchema,
  /** Members' audio levels while someone speaks. */
  'call.media.levels': callMediaLevelsSchema,
  /** An ICE candidate of the SFU. */
  'call.media.candidate': callMediaCandidateSchema,
  /** A group's call started, changed who is on it, or ended (`call` null): the group's members (topic). */
  'call.group': groupCallChangedSchema,
  /** An invitation to a group reached the invited user (or changed: accepted or declined on another tab). */
  'group.invitation': groupInvitationSchema,
  /** A friend's new moment reached the receiver's feed (show "new moments" above the feed). */
  'moment.new': momentNewSchema,
  /** Events may have been lost (the message bus was down on some node): sync everything held. */
  'sync.required': z.object({}),
} as const;

export type ServerEventMap = { [K in keyof typeof serverEvents]: z.output<(typeof serverEvents)[K]> };
export type ServerEventType = keyof ServerEventMap;

/** Client → server frames: `{id, type, data}` answered by `{type:'ack', id, code, msg, data}`. */
export const clientFrames = {
  ping: { data: z.object({}).strict().optional(), ack: z.object({ serverTime: z.number() }) },
  /** Same body and answer as POST /api/message/send; the ack comes after the commit. */
  'message.send': { data: sendMessageBody, ack: messageSchema },
  /**
   * Same body and answer as POST /api/message/sync: the catch-up after a reconnect, sent right after
   * `hello` on the socket that just came back (no second request, no second token check).
   */
  'message.sync': { data: syncBody, ack: syncResultSchema },
  /** Same as POST /api/conversation/read. */
  'message.read': { data: readBody, ack: conversationSchema },
  /** Relayed to the peer as `typing`, never stored. */
  typing: { data: typingFrame, ack: z.null() },
  /** Calls (docs/api.md "Calls"): every frame carries `v`; the acks are the call after the change. */
  'call.invite': { data: callInviteFrame, ack: callSchema },
  'call.cancel': { data: callIdFrame, ack: callSchema },
  'call.accept': { data: callIdFrame, ack: callSchema },
  'call.reject': { data: callIdFrame, ack: callSchema },
  'call.hangup': { data: callIdFrame, ack: callSchema },
  /** Liveness while in a call (every few seconds); a party silent past the grace period drops the call. */
  'call.ping': { data: callIdFrame, ack: callSchema },
  'call.switchMedia': { data: callSwitchFrame, ack: callSchema },
  /** Relayed to the other party's call tab as `call.signal`, never stored. */
  'call.signal': { data: callSignalFrame, ack: z.null() },
  /** Group-call media: the publishing offer → the SFU's answer. */
  'call.media.publish': { data: callMediaSdpFrame, ack: callMediaAnswerSchema },
  /** Opens the subscribing connection → the SFU's offer (null while nobody else publishes). */
  'call.media.subscribe': { data: callMediaIdFrame, ack: callMediaOfferAckSchema },
  /** The answer to the last subscribing offer. */
  'call.media.answer': { data: callMediaSdpFrame, ack: z.null() },
  'call.media.candidate': { data: callMediaCandidateFrame, ack: z.null() },
  /** Asks the publishers of what this member receives for a keyframe. */
  'call.media.keyframe': { data: callMediaIdFrame, ack: z.null() },
  /** Group calls: start one in a group, join the group's ongoing call, invite more members into it. */
  'call.groupCall': { data: groupCallFrame, ack: callSchema },
  'call.joinInGroupCall': { data: joinInGroupCallFrame, ack: callSchema },
  'call.inviteUser': { data: inviteUserFrame, ack: callSchema },
} as const satisfies Record<string, { data: z.ZodType; ack: z.ZodType }>;

export type ClientFrameType = keyof typeof clientFrames;
export type ClientFrameData<T extends ClientFrameType> = z.output<(typeof clientFrames)[T]['data']>;
export type ClientFrameAck<T extends ClientFrameType> = z.output<(typeof clientFrames)[T]['ack']>;
