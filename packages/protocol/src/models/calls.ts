import { z } from 'zod';
import { intEnum, intField, required } from '../fields.js';
import { wtIdRef } from '../rest/common.js';
import { CallLimits } from '../call-constants.js';

/**
 * One-to-one calls (docs/api.md "Calls"): the call record the server owns, the signalling frames
 * (version `v`, actions 1 invite · 2 cancel · 3 accept · 4 reject · 5 timeout · 6 busy · 7 hangup ·
 * 8 dropped · 9 limit · 10 media switched), and the /media/* daily-limit bodies.
 */
export const callStatusSchema = z.enum(['ringing', 'connected', 'ended']);
export type CallRecordStatus = z.infer<typeof callStatusSchema>;
export const callEndReasonSchema = z.enum([
  'cancel',
  'reject',
  'timeout',
  'busy',
  'hangup',
  'dropped',
  'limit',
]);
export type CallEndReason = z.infer<typeof callEndReasonSchema>;

export const callPartySchema = z.object({ wtId: z.string(), nickName: z.string(), avatar: z.string() });
export type CallParty = z.infer<typeof callPartySchema>;

/**
 * A person's part in a group call: ringing (invited, not answered yet), joined, left, rejected,
 * timeout (did not answer), busy (on another call when invited), canceled (the call ended while ringing).
 */
export const callMemberStateSchema = z.enum([
  'ringing',
  'joined',
  'left',
  'rejected',
  'timeout',
  'busy',
  'canceled',
]);
export type CallMemberState = z.infer<typeof callMemberStateSchema>;
export const callMemberSchema = callPartySchema.extend({ state: callMemberStateSchema });
export type CallMember = z.infer<typeof callMemberSchema>;

/** A call as one of its parties sees it. */
export const callSchema = z.object({
  callId: z.string(),
  roomID: z.number(),
  mediaType: z.number(),
  status: callStatusSchema,
  endReason: callEndReasonSchema.nullable(),
  /** 'caller' or 'callee': the reader's role. */
  role: z.enum(['caller', 'callee']),
  caller: callPartySchema,
  callee: callPartySchema,
  createdAt: z.number(),
  inviteExpiresAt: z.number(),
  connectedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  /** The reader's socket connection that holds the call (null: the callee's tabs are still ringing). */
  connectionId: z.string().nullable(),
  /** A group call's group (its groupID); null for a one-to-one call. */
  groupID: z.string().nullable(),
  /** A group call's people, the caller first (empty for a one-to-one call). */
  members: z.array(callMemberSchema),
});
export type CallInfo = z.infer<typeof callSchema>;

/** `call.updated`: a state change of a call, to every tab of both parties. */
export const callUpdatedSchema = z.object({
  v: z.number(),
  action: z.number(),
  call: callSchema,
  /** In a group call: whose part the action changed (a member accepted, rejected, left …). */
  userID: z.string().optional(),
});
export type CallUpdated = z.infer<typeof callUpdatedSchema>;

export const callIdField = z
  .string(required('callId'))
  .max(64, { error: 'callId格式不正确', abort: true })
  .regex(/^[A-Za-z0-9_-]{8,40}$/, 'callId格式不正确');
const versionField = z.literal(CallLimits.version, { error: `v必须为${CallLimits.version}` });

// SDP is CRLF-separated printable ASCII; nothing else is relayed.
const SDP = /^v=0\r?\n[\x20-\x7e\r\n]*$/;
const CANDIDATE = /^(candidate:[\x20-\x7e]*)?$/;

export const callInviteFrame = z.object({
  v: versionField,
  userID: wtIdRef('userID'),
  type: intEnum('type', [1, 2]),
  roomID: intField('roomID', {
    min: 0,
    max: CallLimits.maxRoomId,
    tooLarge: 'roomID error, only be range',
  }).optional(),
});
export const callIdFrame = z.object({ v: versionField, callId: callIdField });
export const callSwitchFrame = z.object({ v: versionField, callId: callIdField, type: intEnum('type', [1]) });
export const callSignalFrame = z
  .object({
    v: versionField,
    callId: callIdField,
    kind: z.enum(['offer', 'answer', 'candidate'], { error: 'kind格式不正确' }),
    sdp: z
      .string()
      .max(CallLimits.maxSdp, { error: 'sdp过长', abort: true })
      .regex(SDP, 'sdp格式不正确')
      .optional(),
    candidate: z
      .object({
        candidate: z
          .string()
          .max(CallLimits.maxCandidate, { error: 'candidate过长', abort: true })
          .regex(CANDIDATE, 'candidate格式不正确'),
        sdpMid: z
          .string()
          .max(32)
          .regex(/^[\x20-\x7e]*$/)
          .nullable()
          .optional(),
        sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
        // RTCIceCandidate.toJSON() carries the ICE ufrag too.
        usernameFragment: z
          .string()
          .max(256)
          .regex(/^[\x20-\x7e]*$/)
          .nullable()
          .optional(),
      })
      .strict()
      .optional(),
  })
  .refine((f) => (f.kind === 'candidate' ? f.candidate !== undefined : f.sdp !== undefined), {
    error: 'sdp或candidate不能为空',
  });
export type CallSignalFrame = z.infer<typeof callSignalFrame>;

/** `call.signal`: an offer, answer or ICE candidate relayed from the other party. */
export const callSignalSchema = z.object({
  v: z.number(),
  callId: z.string(),
  fromID: z.string(),
  kind: z.enum(['offer', 'answer', 'candidate']),
  sdp: z.string().optional(),
  candidate: z
    .object({
      candidate: z.string(),
      sdpMid: z.string().nullable().optional(),
      sdpMLineIndex: z.number().nullable().optional(),
      usernameFragment: z.string().nullable().optional(),
    })
    .optional(),
});
export type CallSignal = z.infer<typeof callSignalSchema>;

/** ICE servers for RTCPeerConnection (TURN credentials expire; refetch per call). */
export const iceServersSchema = z.object({
  iceServers: z.array(
    z.object({
      urls: z.array(z.string()),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
  /** 'relay' when the server asks clients to use TURN only. */
  iceTransportPolicy: z.enum(['all', 'relay']),
  expiresAt: z.number(),
});
export type IceServers = z.infer<typeof iceServersSchema>;

export const currentCallSchema = z.object({ call: callSchema.nullable() });

// /media/* — the daily call-time record of the caller's connected calls.
export const mediaCallBody = z.object({
  acceptWtId: wtIdRef('acceptWtId'),
  callType: intEnum('callType', [1, 2]),
});
export const mediaUploadBody = z.object({
  callId: intField('callId', { min: 1 }),
  uploadStep: intField('uploadStep', { min: 1, max: 1000000 }).default(1),
});
export const mediaCallResult = z.object({ callId: z.number() });

/** The member page: plans, the user's status and today's usage. */
export const memberInfoSchema = z.object({
  vipType: z.number(),
  vipLevel: z.number(),
  /** End of the membership (unix ms); 0: none, or one without an end (an operator's grant). */
  vipUntil: z.number(),
  usedSeconds: z.number(),
  /** Daily limit for non-members (0: none). */
  limitSeconds: z.number(),
  plans: z.array(z.object({ level: z.number(), name: z.string(), months: z.number(), price: z.string() })),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;
