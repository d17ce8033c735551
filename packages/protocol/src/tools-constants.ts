/** Limits of the conversation tools: quick phrases, custom conversation tabs, pinned messages, reactions. */
export const ToolLimits = {
  /** Characters of one quick phrase. */
  quickPhrase: 200,
  /** Quick phrases one user keeps (bounds every list and reorder). */
  quickPhrasesMax: 100,
  /** Characters of a custom tab name (after trimming). */
  sessionGroupName: 10,
  /** Custom tabs one user keeps: at 20 a new one is refused. */
  sessionGroupsMax: 20,
  /** Conversations in one custom tab. */
  sessionGroupRelationsMax: 500,
  /** Pinned messages in one one-to-one chat. */
  pinsPerChat: 20,
  /** Characters of the abstract kept with a pinned message. */
  pinAbstract: 200,
  /** Different emoji on one message. */
  reactionEmojisPerMessage: 20,
  /** Messages per reaction list call. */
  reactionListMax: 100,
  /** Characters of a helper keyword question. */
  helperKeyword: 100,
  /** Toggle lock after a visibility switch (ms). */
  toggleLockMs: 1000,
} as const;

/** sessionType of a custom tab's conversation: 0 one-to-one, 1 group. */
export const SessionType = { c2c: 0, group: 1 } as const;

/** The official helper account: every account has a one-to-one conversation with it. */
export const HELPER_WT_ID = 'parley_helper';
export const HELPER_CONVERSATION_ID = `C2C${HELPER_WT_ID}`;
