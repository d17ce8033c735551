import { CallAction } from '@parley/protocol';

/** Engine errors of the call kit (60001–60006, and Parley's 60007) and the permission texts, as i18n keys of 'calls'. */
export const EngineError = {
  switchToAudio: 60001,
  switchToVideo: 60002,
  noMic: 60003,
  noCamera: 60004,
  deviceDenied: 60005,
  noWebRTC: 60006,
  /** Parley's own: the picked camera or microphone could not be opened (the old one stays). */
  switchDevice: 60007,
} as const;

export class CallEngineError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
    readonly values?: Record<string, string>,
  ) {
    super(key);
  }
}

/** The tip shown when a call ends, by the action that ended it (i18n keys of 'calls'). */
export const END_TIPS: Record<number, string> = {
  [CallAction.cancel]: 'tips.canceled',
  [CallAction.reject]: 'tips.reject',
  [CallAction.timeout]: 'tips.timeout',
  [CallAction.busy]: 'tips.busy',
  [CallAction.hangup]: 'tips.ended',
  [CallAction.dropped]: 'tips.ended',
  [CallAction.limit]: 'tips.ended',
};
