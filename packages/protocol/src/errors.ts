/**
 * The error catalogue (docs/api.md "Error codes") as data. Each entry has the code sent in the envelope, the HTTP
 * status class it travels with and the zh-CN text. Where the product defines no code,
 * Parley's own codes live in the 1xxxx range below 11011, in 21xxx (friends, blacklist, tags) or
 * in 9xxxx; they are listed in docs/api.md.
 */
export interface ErrorDef {
  code: number;
  status: number;
  msg: string;
}

const def = (code: number, status: number, msg: string): ErrorDef => ({ code, status, msg });

export const Errors = {
  // Generic HTTP-class errors.
  unauthorized: def(401, 401, '认证失败，无法访问系统资源'),
  forbidden: def(403, 403, '当前操作没有权限'),
  notFound: def(404, 404, '访问资源不存在'),
  unknown: def(500, 500, '系统未知错误，请反馈给管理员'),
  badRequest: def(400, 400, '请求参数错误'),
  payloadTooLarge: def(413, 413, '请求内容过大'),
  rateLimited: def(429, 429, '操作过于频繁，请稍后再试'),

  // Login and session.
  step2Required: def(712, 200, '请输入二级密码'),
  sessionExpired: def(11011, 401, '登录已过期，请重新登录'),
  sessionRevoked: def(11013, 401, '登录状态已失效，请重新登录'),
  accountDisabled: def(11014, 401, '账号已被停用'),
  forcedLogout: def(11016, 401, '您已被强制下线'),

  // Parley's auth errors.
  wrongPassword: def(10001, 400, '账号或密码错误'),
  phoneTaken: def(10002, 409, '该手机号已注册'),
  wtIdTaken: def(10003, 409, '该ID已被占用'),
  loginLocked: def(10004, 429, '登录失败次数过多，请15分钟后再试'),
  step2TicketInvalid: def(10005, 400, '验证已过期，请重新登录'),
  step2Wrong: def(10006, 400, '二级密码错误'),
  qrExpired: def(10007, 400, '二维码已过期，请刷新'),
  qrUsed: def(10008, 409, '二维码已被使用，请刷新'),
  qrUnknown: def(10009, 404, '二维码不存在'),
  userNotFound: def(10010, 404, '该用户不存在'),

  // Friends, blacklist and tags (Parley's 21xxx).
  applySelf: def(21001, 400, '不能添加自己为好友'),
  notFriend: def(21002, 404, '对方不是你的好友'),
  alreadyFriend: def(21003, 409, '对方已是你的好友'),
  blockedByTarget: def(21004, 403, '你已被对方加入黑名单，无法添加好友'),
  targetInMyBlacklist: def(21005, 403, '对方在你的黑名单中，请先移出黑名单'),
  applyNotFound: def(21006, 404, '好友申请不存在'),
  applyHandled: def(21007, 409, '该好友申请已处理'),
  applyExpired: def(21008, 409, '该好友申请已过期'),
  friendLimit: def(21009, 409, '好友数量已达上限'),
  blackSelf: def(21010, 400, '不能将自己加入黑名单'),
  blacklistLimit: def(21011, 409, '黑名单人数已达上限'),
  customMessageNotAllowed: def(21012, 409, '当前好友关系下不能发送该通知'),
  tagNotFound: def(21020, 404, '标签不存在'),
  tagNameTaken: def(21021, 409, '标签名称已存在'),
  tagLimit: def(21022, 409, '标签数量已达上限'),

  // Groups (Parley's 22xxx).
  groupNotFound: def(22001, 404, '群聊不存在'),
  groupMemberNotFound: def(22002, 404, '该成员不在群聊中'),
  adminLimit: def(22003, 409, '管理员人数已达上限'),
  alreadyInGroup: def(22004, 409, '你已在该群聊中'),
  groupBlacklisted: def(22005, 403, '你已被该群拉黑，无法加入'),
  joinLevelTooLow: def(22006, 403, '等级不足，无法加入该群'),
  groupNotPublic: def(22007, 403, '该群不允许主动加入'),
  groupApplyNotFound: def(22008, 404, '入群申请不存在'),
  groupApplyHandled: def(22009, 409, '该申请已处理'),
  groupFull: def(22010, 409, '群成员人数已达上限'),
  memberProtected: def(22011, 403, '该群已开启成员保护，无法添加群成员为好友'),

  // Profile and uploads (Parley's own).
  avatarInvalid: def(10011, 400, '头像地址无效，请重新上传'),
  uploadMissing: def(10012, 400, '请选择要上传的文件'),

  // Sending.
  sensitiveText: def(80001, 400, '消息或者资料中文本存在敏感内容,发送失败'),
  localBlockedWord: def(3123, 400, '文本包含本地审核拦截词'),
  invalidImage: def(4004, 400, '图片消息失败,无效的图片格式'),
  bannedFile: def(4005, 400, '文件消息失败,禁止发送违规封禁的文件'),
  fileMissing: def(7004, 404, '文件不存在,请检查文件路径是否正确'),
  fileTooLarge: def(7005, 413, '文件大小超出了限制,如果上传文件,最大限制是100MB'),
  messageTooLong: def(80002, 400, '消息内容过长，请减少长度后重试'),
  sensitiveImage: def(80004, 400, '消息中图片存在敏感内容,发送失败'),
  mutedInGroup: def(10017, 403, '您已被禁言'),
  allMuted: def(10017, 403, '全员禁言中'),
  accountCancelled: def(20003, 404, '用户已注销'),
  blacklisted: def(20007, 403, 'The identifier is in blacklist. Failed to send this message!'),
  bannedSender: def(20012, 403, '封禁期间无法向其他用户发送消息'),
  revokeWindowPassed: def(20016, 403, '已过撤回时限'),

  // Calls (Parley's own, 23xxx).
  callSelf: def(23001, 400, "Can't call yourself"),
  alreadyOnCall: def(23002, 409, 'Parley is already on a call'),
  callNotFound: def(23003, 404, '通话不存在或已结束'),
  callStateChanged: def(23004, 409, '通话状态已变化'),
  callNotFriend: def(23005, 403, '对方不是你的好友，无法通话'),
  callLimitReached: def(23006, 403, '今日通话时长已达上限，请开通会员解锁'),
  callRecordNotFound: def(23007, 404, '通话记录不存在'),

  // Conversation tools (Parley's 24xxx): quick phrases, custom tabs, pins, reactions, helper.
  quickPhraseNotFound: def(24001, 404, '常用语不存在'),
  quickPhraseLimit: def(24002, 409, '常用语数量已达上限'),
  sessionGroupNotFound: def(24010, 404, '分组不存在'),
  sessionGroupLimit: def(24011, 409, '最多创建20个分组'),
  sessionRelationInvalid: def(24012, 404, '会话不存在'),
  helperFaqNotFound: def(24020, 404, '该问题不存在'),
  pinNotFound: def(24030, 404, '置顶消息不存在'),
  pinLimit: def(24031, 409, '置顶消息数量已达上限'),
  pinMessageNotFound: def(24032, 404, '消息不存在或已撤回'),
} as const satisfies Record<string, ErrorDef>;

export type ErrorName = keyof typeof Errors;

/**
 * Codes that make the web client clear its session and go to /login: the product's whole range.
 * This server sends 11011, 11013, 11014 and 11016 (the catalogue above); 11012 (another device took
 * the session) and 11015 (password changed) belong to features it does not have.
 */
export const SESSION_CODES: readonly number[] = [712, 11011, 11012, 11013, 11014, 11015, 11016];
