import { def, type ErrorDef } from './define.js';

/** Calls (Parley's own codes). */
export const callErrors = {
  callSelf: def(23001, 400, {
    'zh-CN': '不能呼叫自己',
    en: "Can't call yourself",
    ja: '自分自身には発信できません',
  }),
  alreadyOnCall: def(23002, 409, {
    'zh-CN': 'Parley 已在通话中',
    en: 'Parley is already on a call',
    ja: 'Parley はすでに通話中です',
  }),
  callNotFound: def(23003, 404, {
    'zh-CN': '通话不存在或已结束',
    en: 'The call does not exist or has ended.',
    ja: '通話が存在しないか、終了しています。',
  }),
  callStateChanged: def(23004, 409, {
    'zh-CN': '通话状态已变化',
    en: 'The call has changed state.',
    ja: '通話の状態が変わりました。',
  }),
  callNotFriend: def(23005, 403, {
    'zh-CN': '对方不是你的好友，无法通话',
    en: 'You can only call friends.',
    ja: '友だちにのみ発信できます。',
  }),
  callLimitReached: def(23006, 403, {
    'zh-CN': '今日通话时长已达上限，请开通会员解锁',
    en: "Today's call time is used up. Become a member to unlock it.",
    ja: '本日の通話時間の上限に達しました。メンバーになると解除されます',
  }),
  callRecordNotFound: def(23007, 404, {
    'zh-CN': '通话记录不存在',
    en: 'The call record does not exist.',
    ja: '通話記録が存在しません。',
  }),
  callNotJoined: def(23008, 403, {
    'zh-CN': '你尚未加入该通话',
    en: 'You have not joined this call.',
    ja: 'この通話にはまだ参加していません。',
  }),
} as const satisfies Record<string, ErrorDef>;
