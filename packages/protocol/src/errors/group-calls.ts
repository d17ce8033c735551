import { def, type ErrorDef } from './define.js';

/** Group calls (Parley's own codes, 23010–23029). */
export const groupCallErrors = {
  groupCallExists: def(23010, 409, {
    'zh-CN': '当前群组已存在群通话',
    en: 'A group call already exists in the current group',
    ja: 'このグループではすでにグループ通話が行われています',
  }),
  groupCallFull: def(23011, 409, {
    'zh-CN': '最多支持9人同时通话',
    en: 'Supports a maximum of 9 people for simultaneous calls',
    ja: '同時に通話できるのは最大9人です',
  }),
  groupCallInviteLimit: def(23012, 400, {
    'zh-CN': '最多可邀请8人',
    en: 'You can invite up to 8 people',
    ja: '招待できるのは最大8人です',
  }),
  groupCallNotMember: def(23013, 403, {
    'zh-CN': '你不是该群成员，无法参与群通话',
    en: 'Only members of the group can take part in its calls.',
    ja: 'グループのメンバーだけがグループ通話に参加できます。',
  }),
  groupCallInviteeNotMember: def(23014, 400, {
    'zh-CN': '只能邀请本群成员',
    en: 'You can only invite members of the group.',
    ja: '招待できるのはグループのメンバーだけです。',
  }),
  groupCallInviteForbidden: def(23015, 403, {
    'zh-CN': '接通前只有发起人可以邀请',
    en: 'Until the call connects, only the caller can invite people.',
    ja: '通話がつながるまでは発信者だけが招待できます。',
  }),
  groupCallNotFound: def(23016, 404, {
    'zh-CN': '该群当前没有进行中的通话',
    en: 'The group has no ongoing call.',
    ja: 'このグループには進行中の通話がありません。',
  }),
  groupCallNoInvitee: def(23017, 400, {
    'zh-CN': '请选择要邀请的成员',
    en: 'Choose the members to invite.',
    ja: '招待するメンバーを選んでください。',
  }),
  groupCallAlreadyIn: def(23018, 409, {
    'zh-CN': '对方已在通话中',
    en: 'They are already in this call.',
    ja: 'その人はすでにこの通話に参加しています。',
  }),
} as const satisfies Record<string, ErrorDef>;
