import type { LocalizedText } from '@parley/protocol';

/**
 * What `parley` prints besides its help (help.ts): refusals, errors and result lines, each in
 * zh-CN, en and ja. An entry without one of them does not typecheck. Codes, IDs, paths, versions and
 * numbers are the same in every language.
 */
export const CliTexts = {
  // The command line.
  missingCommand: { 'zh-CN': '缺少命令', en: 'missing the command', ja: 'コマンドがありません' },
  unknownCommand: (name: string) => ({
    'zh-CN': `未知命令：${name}`,
    en: `unknown command: ${name}`,
    ja: `不明なコマンド：${name}`,
  }),
  missingGroupCommand: (group: string) => ({
    'zh-CN': `缺少 ${group} 的子命令`,
    en: `missing the ${group} command`,
    ja: `${group} のサブコマンドがありません`,
  }),
  missingArgument: (names: string) => ({
    'zh-CN': `缺少 ${names}`,
    en: `missing ${names}`,
    ja: `${names} がありません`,
  }),
  unexpectedArgument: (arg: string) => ({
    'zh-CN': `多余的参数：${arg}`,
    en: `unexpected argument: ${arg}`,
    ja: `余分な引数：${arg}`,
  }),
  unknownOption: (option: string) => ({
    'zh-CN': `未知选项：${option}`,
    en: `Unknown option '${option}'`,
    ja: `不明なオプション：${option}`,
  }),
  badOption: (nodeText: string) => ({
    'zh-CN': `选项有误：${nodeText}`,
    en: nodeText,
    ja: `オプションが正しくありません：${nodeText}`,
  }),
  wholeNumber: (name: string, min: number, max: number, raw: string) => ({
    'zh-CN': `--${name} 必须是 ${min} 到 ${max} 之间的整数：${raw}`,
    en: `--${name} must be a whole number from ${min} to ${max}: ${raw}`,
    ja: `--${name} は ${min} から ${max} までの整数で指定してください：${raw}`,
  }),
  hours: (raw: string) => ({
    'zh-CN': `--hours 必须是大于 0、不超过 87600 的数：${raw}`,
    en: `--hours must be a number above 0, up to 87600: ${raw}`,
    ja: `--hours は 0 より大きく 87600 以下の数で指定してください：${raw}`,
  }),
  configuration: (detail: string) => ({
    'zh-CN': `配置有误：${detail}`,
    en: `configuration: ${detail}`,
    ja: `設定エラー：${detail}`,
  }),

  // The database and accounts.
  noDatabase: (file: string) => ({
    'zh-CN': `${file} 处没有数据库：PARLEY_DATA_DIR 是服务器的数据目录吗？（\`parley migrate\` 会新建一个）`,
    en: `no database at ${file}: is PARLEY_DATA_DIR the server's data folder? (\`parley migrate\` creates a new one)`,
    ja: `${file} にデータベースがありません：PARLEY_DATA_DIR はサーバーのデータフォルダですか？（\`parley migrate\` で新規作成できます）`,
  }),
  noDatabaseToCopy: (file: string) => ({
    'zh-CN': `${file} 处没有数据库：PARLEY_DATA_DIR 是服务器的数据目录吗？`,
    en: `no database at ${file}: is PARLEY_DATA_DIR the server's data folder?`,
    ja: `${file} にデータベースがありません：PARLEY_DATA_DIR はサーバーのデータフォルダですか？`,
  }),
  noAccount: (account: string) => ({
    'zh-CN': `没有 ID 或手机号为 ${account} 的账号`,
    en: `no account with ID or phone number ${account}`,
    ja: `ID または電話番号が ${account} のアカウントはありません`,
  }),
  schemaAt: (dialect: string, version: string | undefined, migrations: number) => ({
    'zh-CN': `${dialect} 数据库，结构版本 ${version ?? '（无）'}（${migrations} 个迁移）`,
    en: `${dialect} database at schema ${version ?? '(none)'} (${migrations} migrations)`,
    ja: `${dialect} データベース、スキーマ ${version ?? '（なし）'}（マイグレーション ${migrations} 件）`,
  }),

  // user, member, helper, reports.
  banned: (wtId: string, until: string) => ({
    'zh-CN': `${wtId}：${until} 前不能发送消息`,
    en: `${wtId}: may not send until ${until}`,
    ja: `${wtId}：${until} まで送信できません`,
  }),
  unbanned: (wtId: string) => ({
    'zh-CN': `${wtId}：已解除禁言`,
    en: `${wtId}: ban lifted`,
    ja: `${wtId}：送信禁止を解除しました`,
  }),
  official: (wtId: string) => ({
    'zh-CN': `${wtId}：已设为官方账号`,
    en: `${wtId}: official`,
    ja: `${wtId}：公式アカウントにしました`,
  }),
  notOfficial: (wtId: string) => ({
    'zh-CN': `${wtId}：已取消官方账号`,
    en: `${wtId}: no longer official`,
    ja: `${wtId}：公式アカウントではなくなりました`,
  }),
  operator: (wtId: string) => ({
    'zh-CN': `${wtId}：已授予运营人员角色`,
    en: `${wtId}: operator`,
    ja: `${wtId}：運営者ロールを付与しました`,
  }),
  notOperator: (wtId: string) => ({
    'zh-CN': `${wtId}：已取消运营人员角色`,
    en: `${wtId}: no longer an operator`,
    ja: `${wtId}：運営者ロールを外しました`,
  }),
  passwordReset: (wtId: string, sessions: number) => ({
    'zh-CN': `${wtId}：已设置新密码，结束了 ${sessions} 个会话`,
    en: `${wtId}: new password set, ${sessions} session(s) ended`,
    ja: `${wtId}：新しいパスワードを設定し、セッション ${sessions} 件を終了しました`,
  }),
  member: (wtId: string, level: number) => ({
    'zh-CN': `${wtId}：会员，等级 ${level}`,
    en: `${wtId}: member, level ${level}`,
    ja: `${wtId}：会員、レベル ${level}`,
  }),
  memberRevoked: (wtId: string) => ({
    'zh-CN': `${wtId}：已取消会员`,
    en: `${wtId}: membership revoked`,
    ja: `${wtId}：会員資格を取り消しました`,
  }),
  codesIssued: (count: number, level: number, days: number) => ({
    'zh-CN': `${count} 个会员码：等级 ${level}，每个 ${days} 天`,
    en: `${count} code(s): level ${level}, ${days} day(s) each`,
    ja: `会員コード ${count} 件：レベル ${level}、各 ${days} 日`,
  }),
  cannotRead: (file: string, code: string) => ({
    'zh-CN': `${file}：无法读取（${code}）`,
    en: `${file}: cannot read it (${code})`,
    ja: `${file}：読み込めません（${code}）`,
  }),
  faqLoaded: (file: string, n: number) => ({
    'zh-CN': `${file}：已载入 ${n} 个问题`,
    en: `${file}: ${n} questions loaded`,
    ja: `${file}：質問 ${n} 件を読み込みました`,
  }),
  noReports: { 'zh-CN': '没有举报', en: 'no reports', ja: '通報はありません' },
  reportTarget: (kind: 'group' | 'user', id: string) => ({
    'zh-CN': `${kind === 'group' ? '群' : '用户'} ${id}`,
    en: `${kind} ${id}`,
    ja: `${kind === 'group' ? 'グループ' : 'ユーザー'} ${id}`,
  }),
  report: (id: string, at: string, reporter: string, target: string, type: string) => ({
    'zh-CN': `#${id} ${at} ${reporter} → ${target} 类型 ${type}`,
    en: `#${id} ${at} ${reporter} → ${target} type ${type}`,
    ja: `#${id} ${at} ${reporter} → ${target} 種別 ${type}`,
  }),
} as const satisfies Record<string, LocalizedText | ((...args: never[]) => LocalizedText)>;
