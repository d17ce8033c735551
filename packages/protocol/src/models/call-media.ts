import { z } from 'zod';
import { callSignalFrame } from './calls.js';

/**
 * Group-call media through the SFU (docs/api.md "Group-call media"): each member's browser has a
 * publishing connection (it offers: `call.media.publish`) and a subscribing one (the SFU offers:
 * `call.media.subscribe`, later `call.media.offer`; the browser answers with `call.media.answer`).
 * The fields reuse the one-to-one signalling's checks (version, call id, SDP, ICE candidate).
 */
const { v, callId } = callSignalFrame.shape;
const sdp = callSignalFrame.shape.sdp.unwrap();
const candidate = callSignalFrame.shape.candidate.unwrap();
const pc = z.enum(['publish', 'subscribe'], { error: 'pc格式不正确' });

export const callMediaIdFrame = z.object({ v, callId });
export const callMediaSdpFrame = z.object({ v, callId, sdp });
export const callMediaCandidateFrame = z.object({ v, callId, pc, candidate: candidate.nullable() });

/** The ack of `call.media.publish` (the SFU's answer) and `call.media.subscribe` (its offer, or null). */
export const callMediaAnswerSchema = z.object({ sdp: z.string() });
export const callMediaOfferAckSchema = z.object({ sdp: z.string().nullable() });

export const callMediaSourceSchema = z.enum(['camera', 'mic', 'screen']);

/** `call.media.offer`: a new offer for the member's subscribing connection. */
export const callMediaOfferSchema = z.object({ callId: z.string(), sdp: z.string() });

/** `call.media.tracks`: whose track each section (`mid`) of the subscribing connection carries. */
export const callMediaTracksSchema = z.object({
  callId: z.string(),
  tracks: z.array(
    z.object({
      mid: z.string(),
      kind: z.enum(['audio', 'video']),
      source: callMediaSourceSchema,
      /** The publisher's wtId. */
      publisherId: z.string(),
    }),
  ),
});

/** `call.media.levels`: audio levels 0–1 of the members (wtId), a few times per second while someone speaks. */
export const callMediaLevelsSchema = z.object({
  callId: z.string(),
  levels: z.array(z.object({ userId: z.string(), level: z.number() })),
});

/** `call.media.candidate` (server → client): an ICE candidate of the SFU for connection `pc`. */
export const callMediaCandidateSchema = z.object({
  callId: z.string(),
  pc: z.enum(['publish', 'subscribe']),
  candidate: z.object({
    candidate: z.string(),
    sdpMid: z.string().nullable().optional(),
    sdpMLineIndex: z.number().nullable().optional(),
  }),
});

export type CallMediaSource = z.infer<typeof callMediaSourceSchema>;
export type CallMediaTracks = z.infer<typeof callMediaTracksSchema>;
export type CallMediaLevels = z.infer<typeof callMediaLevelsSchema>;
export type CallMediaOffer = z.infer<typeof callMediaOfferSchema>;
export type CallMediaCandidate = z.infer<typeof callMediaCandidateSchema>;
