import { def, type ErrorDef } from './define.js';

/** The admin console (Parley's own codes, 28xxx). */
export const adminErrors = {
  operatorOnly: def(28001, 403, {
    'zh-CN': '仅运营人员可以使用管理后台',
    en: 'Only operators can use the admin console.',
    ja: '管理コンソールはオペレーターのみ使用できます。',
  }),
  adminConfirmRequired: def(28002, 403, {
    'zh-CN': '请重新输入密码以确认此操作',
    en: 'Enter your password again to confirm this action.',
    ja: 'この操作を確認するため、パスワードをもう一度入力してください。',
  }),
  adminReportNotFound: def(28003, 404, {
    'zh-CN': '该举报不存在',
    en: 'This report does not exist.',
    ja: 'この通報は存在しません。',
  }),
  adminReportNotUser: def(28004, 400, {
    'zh-CN': '该举报针对的是群聊，无法封禁发送者',
    en: 'This report is about a group: there is no sender to ban.',
    ja: 'この通報はグループに関するもので、停止する送信者がいません。',
  }),
} as const satisfies Record<string, ErrorDef>;
