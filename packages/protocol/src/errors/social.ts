import { def, type ErrorDef } from './define.js';

/** Friends, blacklist and tags (21xxx) and groups (22xxx). */
export const socialErrors = {
  // Friends, blacklist and tags.

  applySelf: def(21001, 400, {
    'zh-CN': '不能添加自己为好友',
    en: 'You cannot add yourself as a friend.',
    ja: '自分自身を友だちに追加することはできません。',
  }),
  notFriend: def(21002, 404, {
    'zh-CN': '对方不是你的好友',
    en: 'This person is not your friend.',
    ja: '相手はあなたの友だちではありません。',
  }),
  alreadyFriend: def(21003, 409, {
    'zh-CN': '对方已是你的好友',
    en: 'You are already friends.',
    ja: '既に友だちです。',
  }),
  blockedByTarget: def(21004, 403, {
    'zh-CN': '你已被对方加入黑名单，无法添加好友',
    en: 'You cannot add this person as a friend.',
    ja: 'この相手を友だちに追加することはできません。',
  }),
  targetInMyBlacklist: def(21005, 403, {
    'zh-CN': '对方在你的黑名单中，请先移出黑名单',
    en: 'This person is in your blacklist. Remove them from it first.',
    ja: '相手はブラックリストに入っています。先にブラックリストから外してください。',
  }),
  applyNotFound: def(21006, 404, {
    'zh-CN': '好友申请不存在',
    en: 'The friend request does not exist.',
    ja: '友だち申請が存在しません。',
  }),
  applyHandled: def(21007, 409, {
    'zh-CN': '该好友申请已处理',
    en: 'The friend request has already been handled.',
    ja: 'この友だち申請は既に処理されています。',
  }),
  applyExpired: def(21008, 409, {
    'zh-CN': '该好友申请已过期',
    en: 'The friend request has expired.',
    ja: 'この友だち申請は期限切れです。',
  }),
  friendLimit: def(21009, 409, {
    'zh-CN': '好友数量已达上限',
    en: 'You have reached the maximum number of friends.',
    ja: '友だちの数が上限に達しました。',
  }),
  blackSelf: def(21010, 400, {
    'zh-CN': '不能将自己加入黑名单',
    en: 'You cannot add yourself to the blacklist.',
    ja: '自分自身をブラックリストに追加することはできません。',
  }),
  blacklistLimit: def(21011, 409, {
    'zh-CN': '黑名单人数已达上限',
    en: 'Your blacklist is full.',
    ja: 'ブラックリストの人数が上限に達しました。',
  }),
  customMessageNotAllowed: def(21012, 409, {
    'zh-CN': '当前好友关系下不能发送该通知',
    en: 'This notice cannot be sent with your current relationship.',
    ja: '現在の関係ではこの通知を送信できません。',
  }),
  tagNotFound: def(21020, 404, {
    'zh-CN': '标签不存在',
    en: 'The tag does not exist.',
    ja: 'タグが存在しません。',
  }),
  tagNameTaken: def(21021, 409, {
    'zh-CN': '标签名称已存在',
    en: 'A tag with this name already exists.',
    ja: '同じ名前のタグが既にあります。',
  }),
  tagLimit: def(21022, 409, {
    'zh-CN': '标签数量已达上限',
    en: 'You have reached the maximum number of tags.',
    ja: 'タグの数が上限に達しました。',
  }),

  // Groups.

  groupNotFound: def(22001, 404, {
    'zh-CN': '群聊不存在',
    en: 'This group does not exist.',
    ja: 'このグループは存在しません。',
  }),
  groupMemberNotFound: def(22002, 404, {
    'zh-CN': '该成员不在群聊中',
    en: 'This user is not in the group.',
    ja: 'このユーザーはグループにいません。',
  }),
  adminLimit: def(22003, 409, {
    'zh-CN': '管理员人数已达上限',
    en: 'The group already has the maximum number of admins.',
    ja: '管理者の人数が上限に達しています。',
  }),
  alreadyInGroup: def(22004, 409, {
    'zh-CN': '你已在该群聊中',
    en: 'You are already in this group.',
    ja: 'すでにこのグループに参加しています。',
  }),
  groupBlacklisted: def(22005, 403, {
    'zh-CN': '你已被该群拉黑，无法加入',
    en: 'You are blocked by this group and cannot join.',
    ja: 'このグループからブロックされているため参加できません。',
  }),
  joinLevelTooLow: def(22006, 403, {
    'zh-CN': '等级不足，无法加入该群',
    en: 'Your level is too low to join this group.',
    ja: 'レベルが足りないため参加できません。',
  }),
  groupNotPublic: def(22007, 403, {
    'zh-CN': '该群不允许主动加入',
    en: 'This group cannot be joined directly.',
    ja: 'このグループには直接参加できません。',
  }),
  groupApplyNotFound: def(22008, 404, {
    'zh-CN': '入群申请不存在',
    en: 'The join request does not exist.',
    ja: '参加申請が存在しません。',
  }),
  groupApplyHandled: def(22009, 409, {
    'zh-CN': '该申请已处理',
    en: 'This request has already been handled.',
    ja: 'この申請はすでに処理されています。',
  }),
  groupFull: def(22010, 409, {
    'zh-CN': '群成员人数已达上限',
    en: 'The group is full.',
    ja: 'グループの人数が上限に達しています。',
  }),
  memberProtected: def(22011, 403, {
    'zh-CN': '该群已开启成员保护，无法添加群成员为好友',
    en: 'Member protection is on: group members cannot add each other as friends.',
    ja: 'メンバー保護が有効なため、グループメンバー同士で友だち追加できません。',
  }),
} as const satisfies Record<string, ErrorDef>;
