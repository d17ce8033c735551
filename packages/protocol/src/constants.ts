/** Business constants and limits (listed in docs/api.md). */
export const Limits = {
  nickName: 15,
  remark: 16,
  remarkBytes: 96,
  tagName: 15,
  friendApplyReason: 15,
  groupName: 16,
  admins: 20,
  groupNoticeChat: 3000,
  groupNoticePanel: 150,
  welcome: 200,
  report: 500,
  reportImages: 5,
  levelMin: 1,
  levelMax: 200,
  memberLevelMin: 1,
  memberLevelMax: 10,
  fileBytes: 100 * 1024 * 1024,
  bio: 60,
  password: { min: 6, max: 32 },
  wtId: { min: 4, max: 20 },
} as const;

export const Ui = {
  toastDuration: 3000,
  toastOffset: 16,
  toastGap: 20,
  toastFirstTop: 30,
  popoverLeaveDelay: 1000,
  popoverArrow: 5,
  overlayZIndex: 11000,
  overlayBlur: 12,
  avatarDefault: 36,
  avatarRetries: 3,
  drawerWidth: 360,
  sidePanel: 320,
  /** The common-group popup of a profile. */
  commonGroupPopup: 300,
  badgeMax: 99,
  duplicateErrorWindow: 3000,
  requestTimeout: 60_000,
  toggleLock: 1000,
  /** 添加群聊 keeps its loading state this long after success before closing. */
  groupCreateDelay: 600,
  transferListMaxHeight: 280,
  searchDebounce: 500,
  qrSize: 180,
} as const;

export const Chat = {
  /** A composer sends `typing` at most this often while its text changes. */
  typingEveryMs: 3000,
  /** A reader shows 正在输入 this long after the last `typing` (longer than typingEveryMs). */
  typingShowMs: 5000,
  revokeWindowSeconds: 5 * 60,
  timeGapSeconds: 600,
  readReceiptPage: 100,
} as const;

export const Paging = {
  groupNotices: 20,
  memberFetch: 100,
} as const;

export const Call = {
  timerTick: 1000,
  limitPollMs: 60_000,
  limitPollMaxFailures: 3,
  buttonDebounce: 500,
} as const;
