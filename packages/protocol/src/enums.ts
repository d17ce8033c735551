/** Enumerations of the data model and its states. */
export const MessageType = {
  text: 'TIMTextElem',
  image: 'TIMImageElem',
  video: 'TIMVideoFileElem',
  sound: 'TIMSoundElem',
  file: 'TIMFileElem',
  face: 'TIMFaceElem',
  location: 'TIMLocationElem',
  merger: 'TIMRelayElem',
  custom: 'TIMCustomElem',
  groupTip: 'TIMGroupTipElem',
} as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];

export const ConversationType = { c2c: 'C2C', group: 'GROUP' } as const;
export type ConversationType = (typeof ConversationType)[keyof typeof ConversationType];

export const MessageStatus = { unSend: 'unSend', success: 'success', fail: 'fail' } as const;
export const MessageFlow = { in: 'in', out: 'out' } as const;

/** Group identity. */
export const GroupIdentity = { member: 1, admin: 2, owner: 3 } as const;
export type GroupIdentity = (typeof GroupIdentity)[keyof typeof GroupIdentity];

/** inviteSwitch: 2 off, 0 auto, 1 admin approval. confirminviteSwitch: 2 not public, 0 auto, 1 approval. */
export const InviteSwitch = { auto: 0, approval: 1, off: 2 } as const;
export const InviteOption = { disableInvite: 0, needPermission: 1, freeAccess: 2 } as const;
export const JoinType = { scan: 1, invite: 2, searchId: 3 } as const;
export const GroupTipType = { setAdmin: 4, cancelAdmin: 5, profileChange: 6, mute: 7 } as const;

export const CallStatus = { idle: 'idle', calling: 'calling', connected: 'connected' } as const;
export type CallStatus = (typeof CallStatus)[keyof typeof CallStatus];
export const CallRole = { caller: 'caller', callee: 'callee', unknown: 'unknown' } as const;
export const CallMediaType = { unknown: 0, audio: 1, video: 2 } as const;
export const CallType = { audio: 1, video: 2 } as const;
export const InvitationAction = { invite: 1, cancel: 2, accept: 3, reject: 4, timeout: 5 } as const;

/** Friend application source. */
export const ApplySource = { searchId: 1, searchPhone: 2, scan: 3, sharedCard: 4, group: 5 } as const;
export type ApplySource = (typeof ApplySource)[keyof typeof ApplySource];

/** Favorite content types. */
export const FavoriteType = {
  none: 0,
  text: 1,
  image: 2,
  video: 3,
  file: 4,
  location: 5,
  link: 7,
  note: 99,
} as const;

/** Conversation marks (`markList`, `/conversation/mark` markType): 2 marked unread, 4 archived (folded). */
export const ConversationMark = { unread: 2, archived: 4 } as const;

/** Custom message data types. */
export const CustomMsgType = {
  addFriend: 'CustomMsg_Type_addFriend',
  addBlack: 'CustomMsg_Type_addBlack',
  deleteFriend: 'CustomMsg_Type_deleteFriend',
  group: 'GroupCustomMsg',
} as const;

/** Numeric socket frame types with a fixed meaning (docs/api.md "Socket protocol"). */
export const SocketType = {
  kicked: -2,
  forcedLogout: -1,
  momentsCount: 2,
  pinnedChanged: 3,
  groupCounters: 4,
  groupChanged: 5,
  groupRevoke: 7,
} as const;
