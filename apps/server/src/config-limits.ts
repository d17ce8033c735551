/**
 * Abuse limits (docs/api.md "Limits"): each is counted per user, in Redis when REDIS_URL is set (every
 * node draws on one count), else on the node. Read from the environment by `loadConfig` only.
 */
export interface Limits {
  /** Lookups that tell whether a user or group exists: searchById, commonList, getCardInfoById (LOOKUPS_PER_MINUTE). */
  lookupsPerMinute: number;
  /** Groups one user may create per hour (GROUP_CREATES_PER_HOUR). */
  groupCreatesPerHour: number;
  /** People one user may add or invite to groups per hour, creation included (GROUP_INVITES_PER_HOUR). */
  groupInvitesPerHour: number;
  /** Files one user may upload per minute, whole or resumable (UPLOADS_PER_MINUTE). */
  uploadsPerMinute: number;
  /** Resumable uploads one user may have open at once (UPLOAD_OPEN_MAX). */
  uploadOpenMax: number;
  /** A resumable upload that received nothing for this long is removed (UPLOAD_STALE_MS). */
  uploadStaleMs: number;
  /** Bytes of files one user may keep stored (UPLOAD_QUOTA_BYTES; 0: no quota). */
  uploadQuotaBytes: number;
  /** Full syncs (since 0: `/message/sync` or a socket's first `hello`) per user per minute (FULL_SYNCS_PER_MINUTE). */
  fullSyncsPerMinute: number;
  /** Changes in one page of a sync from version 0 (SYNC_FIRST_PAGE_CHANGES). */
  syncFirstPageChanges: number;
  /** Bytes of JSON a page of sync may hold (SYNC_PAGE_BYTES): a larger one is cut, `hasMore` brings the rest. */
  syncPageBytes: number;
  /** Calls one user may start per minute (CALL_RINGS_PER_MINUTE). */
  callRingsPerMinute: number;
  /** Calls that may ring one user per minute, from everyone together (CALL_RINGS_RECEIVED_PER_MINUTE). */
  callRingsReceivedPerMinute: number;
  /** Group calls one user may join per minute from the banner (GROUP_CALL_JOINS_PER_MINUTE). */
  groupCallJoinsPerMinute: number;
  /** Joins one group call may take per minute, from everyone together (GROUP_CALL_JOINS_PER_CALL_PER_MINUTE). */
  groupCallJoinsPerCallPerMinute: number;
  /** Typing signals one user may send per minute, all sockets together (TYPING_PER_MINUTE). */
  typingPerMinute: number;
  /** Typing signals one user may receive per minute, from everyone together (TYPING_RECEIVED_PER_MINUTE). */
  typingReceivedPerMinute: number;
  /** Reactions one user may add or take back per minute (REACTIONS_PER_MINUTE). */
  reactionsPerMinute: number;
  /** Reactions in one conversation per minute, from everyone together (REACTIONS_PER_CONVERSATION_PER_MINUTE). */
  reactionsPerConversationPerMinute: number;
  /** Pins and unpins one user may make per minute (PIN_TOGGLES_PER_MINUTE). */
  pinTogglesPerMinute: number;
  /** Pins and unpins in one chat per minute, both sides together (PIN_TOGGLES_PER_CHAT_PER_MINUTE). */
  pinTogglesPerChatPerMinute: number;
}

type Env = Record<string, string | undefined>;

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  lookupsPerMinute: 30,
  groupCreatesPerHour: 20,
  groupInvitesPerHour: 200,
  uploadsPerMinute: 30,
  uploadOpenMax: 5,
  uploadStaleMs: 24 * 3600_000,
  uploadQuotaBytes: 5 * 1024 ** 3,
  fullSyncsPerMinute: 6,
  syncFirstPageChanges: 200,
  syncPageBytes: 256 * 1024,
  callRingsPerMinute: 10,
  callRingsReceivedPerMinute: 20,
  groupCallJoinsPerMinute: 10,
  groupCallJoinsPerCallPerMinute: 60,
  typingPerMinute: 60,
  typingReceivedPerMinute: 120,
  reactionsPerMinute: 60,
  reactionsPerConversationPerMinute: 300,
  pinTogglesPerMinute: 20,
  pinTogglesPerChatPerMinute: 30,
});

const VARIABLES: Record<keyof Limits, string> = {
  lookupsPerMinute: 'LOOKUPS_PER_MINUTE',
  groupCreatesPerHour: 'GROUP_CREATES_PER_HOUR',
  groupInvitesPerHour: 'GROUP_INVITES_PER_HOUR',
  uploadsPerMinute: 'UPLOADS_PER_MINUTE',
  uploadOpenMax: 'UPLOAD_OPEN_MAX',
  uploadStaleMs: 'UPLOAD_STALE_MS',
  uploadQuotaBytes: 'UPLOAD_QUOTA_BYTES',
  fullSyncsPerMinute: 'FULL_SYNCS_PER_MINUTE',
  syncFirstPageChanges: 'SYNC_FIRST_PAGE_CHANGES',
  syncPageBytes: 'SYNC_PAGE_BYTES',
  callRingsPerMinute: 'CALL_RINGS_PER_MINUTE',
  callRingsReceivedPerMinute: 'CALL_RINGS_RECEIVED_PER_MINUTE',
  groupCallJoinsPerMinute: 'GROUP_CALL_JOINS_PER_MINUTE',
  groupCallJoinsPerCallPerMinute: 'GROUP_CALL_JOINS_PER_CALL_PER_MINUTE',
  typingPerMinute: 'TYPING_PER_MINUTE',
  typingReceivedPerMinute: 'TYPING_RECEIVED_PER_MINUTE',
  reactionsPerMinute: 'REACTIONS_PER_MINUTE',
  reactionsPerConversationPerMinute: 'REACTIONS_PER_CONVERSATION_PER_MINUTE',
  pinTogglesPerMinute: 'PIN_TOGGLES_PER_MINUTE',
  pinTogglesPerChatPerMinute: 'PIN_TOGGLES_PER_CHAT_PER_MINUTE',
};

/** The limits from `env`, each a whole number ≥ 0; a page of a first sync holds at least one change. */
export function loadLimits(env: Env): Limits {
  const out = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(VARIABLES) as Array<keyof Limits>) {
    const name = VARIABLES[key];
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new Error(`Invalid number in ${name}: ${raw}`);
    out[key] = Math.floor(n);
  }
  out.syncFirstPageChanges = Math.max(1, out.syncFirstPageChanges);
  return out;
}
