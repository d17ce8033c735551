/** Call constants shared by server and web (no zod here: the web bundle imports it). */
export const CallLimits = {
  /** Signalling protocol version every call frame carries. */
  version: 1,
  /** Largest room ID (TRTC's numeric room range). */
  maxRoomId: 2147483647,
  /** Largest SDP accepted in a frame (bytes). */
  maxSdp: 24 * 1024,
  maxCandidate: 1024,
  /** People in one group call at once (the caller included). */
  groupMax: 9,
  /** People one group-call invitation may name. */
  groupInviteMax: 8,
  /** Rows per page of the group-call invite picker. */
  invitePage: 30,
  /** Call buttons ignore a second click within this many milliseconds. */
  buttonDebounceMs: 500,
} as const;

export const CallAction = {
  invite: 1,
  cancel: 2,
  accept: 3,
  reject: 4,
  timeout: 5,
  busy: 6,
  hangup: 7,
  dropped: 8,
  limit: 9,
  mediaSwitched: 10,
} as const;
export type CallActionCode = (typeof CallAction)[keyof typeof CallAction];
