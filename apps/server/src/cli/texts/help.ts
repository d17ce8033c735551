import { MemberCodeLimits, type LocalizedText } from '@parley/protocol';
import { inLanguage, type Text } from './language.js';

const L = MemberCodeLimits;

/**
 * `parley`'s help in zh-CN, en and ja: each command's one-line summary and its `--help` (the
 * synopsis line first, in English like the command names and flags, then the description).
 */
export const HelpTexts = {
  main: (version: string, commands: string) => ({
    'zh-CN': `parley <command> [options]

Parley ${version} 的运维工具。它读取与服务器相同的配置（环境变量：DATABASE_URL 或
PARLEY_DATA_DIR、DATABASE_SCHEMA、S3_BUCKET…；见 docs/operations.md）。

命令：
${commands}

运行 \`parley <command> --help\` 查看单个命令。退出码：0 完成，1 被拒绝或失败，2 命令行有误。
PARLEY_DEBUG=1 会在意外错误后附上堆栈。PARLEY_LANG（zh-CN、en、ja）或 LANG 选择输出语言。`,
    en: `parley <command> [options]

The operator's tool of Parley ${version}. It reads the configuration the server reads (the
environment: DATABASE_URL or PARLEY_DATA_DIR, DATABASE_SCHEMA, S3_BUCKET…; docs/operations.md).

Commands:
${commands}

Run \`parley <command> --help\` for one command. Exit codes: 0 done, 1 refused or failed, 2 wrong
command line. PARLEY_DEBUG=1 adds the stack trace to an unexpected error. PARLEY_LANG (zh-CN, en,
ja) or LANG chooses the language.`,
    ja: `parley <command> [options]

Parley ${version} の運用ツールです。サーバーと同じ設定を読みます（環境変数：DATABASE_URL または
PARLEY_DATA_DIR、DATABASE_SCHEMA、S3_BUCKET…；docs/operations.md）。

コマンド：
${commands}

各コマンドの説明は \`parley <command> --help\`。終了コード：0 完了、1 拒否または失敗、2 コマンドライン
の誤り。PARLEY_DEBUG=1 で予期しないエラーにスタックトレースを付けます。PARLEY_LANG（zh-CN、en、ja）
または LANG で言語を選びます。`,
  }),
  group: (name: string, summary: Text, commands: string) => ({
    'zh-CN': `parley ${name} <command> [options]\n\n${inLanguage(summary, 'zh-CN')}\n\n命令：\n${commands}\n\n运行 \`parley ${name} <command> --help\` 查看单个命令的选项。`,
    en: `parley ${name} <command> [options]\n\n${inLanguage(summary, 'en')}\n\nCommands:\n${commands}\n\nRun \`parley ${name} <command> --help\` for one command's options.`,
    ja: `parley ${name} <command> [options]\n\n${inLanguage(summary, 'ja')}\n\nコマンド：\n${commands}\n\n各コマンドのオプションは \`parley ${name} <command> --help\`。`,
  }),

  migrate: {
    'zh-CN': '将数据库结构更新到最新',
    en: 'bring the database schema up to date',
    ja: 'データベースのスキーマを最新にする',
  },
  migrateHelp: {
    'zh-CN': `parley migrate

应用本版本 Parley 携带而所配置数据库尚缺的迁移，然后打印结构版本。服务器启动时也会这样做；
单独运行它可在启动前迁移，或查看数据库的结构版本。`,
    en: `parley migrate

Applies the migrations this version of Parley carries that the configured database lacks, then
prints the schema version. The server does the same when it starts; run it on its own to migrate
ahead of a start, or to check which schema a database has.`,
    ja: `parley migrate

この版の Parley が持ち、設定されたデータベースにないマイグレーションを適用し、スキーマの版を表示
します。サーバーも起動時に同じことをします。起動前に移行したり、データベースのスキーマを確かめたり
するときに単独で実行します。`,
  },

  user: { 'zh-CN': '管理单个账号', en: 'manage one account', ja: 'アカウントを管理する' },
  ban: {
    'zh-CN': '禁止账号在若干小时内发送消息',
    en: 'bar an account from sending messages for some hours',
    ja: 'アカウントの送信を数時間禁止する',
  },
  banHelp: {
    'zh-CN': `parley user ban <account> --hours <n>

禁止该账号（其 ID 或手机号）在 <n> 小时内（最多 87600，即十年）发送单聊和群聊消息；期间其发送
返回 20012。它仍可登录和阅读。\`parley reports\` 列出用户的举报。\`parley user unban\` 提前解除。`,
    en: `parley user ban <account> --hours <n>

Bars the account (its ID or phone number) from sending messages, one-to-one and in groups, for <n>
hours (up to 87600, ten years); its sends answer 20012 meanwhile. It can still log in and read.
\`parley reports\` lists what users reported. \`parley user unban\` lifts the ban early.`,
    ja: `parley user ban <account> --hours <n>

アカウント（ID または電話番号）が <n> 時間（最大 87600、十年）、個別チャットとグループでメッセージを
送ることを禁止します。その間の送信は 20012 を返します。ログインと閲覧はできます。
\`parley reports\` はユーザーの通報を一覧します。\`parley user unban\` で早めに解除します。`,
  },
  unban: { 'zh-CN': '解除禁言', en: 'lift a send ban', ja: '送信禁止を解除する' },
  unbanHelp: {
    'zh-CN': `parley user unban <account>

解除 \`parley user ban\` 对该账号（其 ID 或手机号）设置的禁言。`,
    en: `parley user unban <account>

Lifts the send ban of the account (its ID or phone number) set by \`parley user ban\`.`,
    ja: `parley user unban <account>

\`parley user ban\` で設定したアカウント（ID または電話番号）の送信禁止を解除します。`,
  },
  grantOfficial: {
    'zh-CN': '将账号设为官方（--revoke：取消）',
    en: 'mark an account official (--revoke: unmark it)',
    ja: 'アカウントを公式にする（--revoke：解除）',
  },
  grantOfficialHelp: {
    'zh-CN': `parley user grant-official <account> [--revoke]

将该账号（其 ID 或手机号）设为官方：其聊天带“官方”标签，且不能被转发给它。只有运维可以设置；
没有接口能改变它。--revoke 取消。`,
    en: `parley user grant-official <account> [--revoke]

Marks the account (its ID or phone number) as official: its chats carry the 官方 tag and it cannot
be forwarded to. Only operators set it; no route changes it. --revoke unmarks it.`,
    ja: `parley user grant-official <account> [--revoke]

アカウント（ID または電話番号）を公式にします：そのチャットには「官方」タグが付き、転送先にできません。
設定できるのは運用者だけで、API からは変更できません。--revoke で解除します。`,
  },
  resetPassword: {
    'zh-CN': '为账号设置新的随机密码并结束其会话',
    en: 'give an account a new random password and end its sessions',
    ja: 'アカウントに新しいランダムなパスワードを設定し、セッションを終了する',
  },
  resetPasswordHelp: {
    'zh-CN': `parley user reset-password <account>

为该账号（其 ID 或手机号）设置新的随机登录密码，只打印一次（只保存其哈希），并结束它的所有会话：
其下一个请求返回 11016（已登出），打开的连接在重连时关闭。把密码交给账号所有者，由其在设置中修改。`,
    en: `parley user reset-password <account>

Gives the account (its ID or phone number) a new random login password, printed once (only its
hash is stored), and ends every session of it: its next request answers 11016 (logged out) and
its open sockets close when they reconnect. Hand the password to the owner, who changes it in the
settings.`,
    ja: `parley user reset-password <account>

アカウント（ID または電話番号）に新しいランダムなログインパスワードを設定して一度だけ表示し（保存
するのはハッシュのみ）、すべてのセッションを終了します：次のリクエストは 11016（ログアウト）を返し、
開いている接続は再接続時に閉じます。パスワードを所有者に渡し、設定で変更してもらってください。`,
  },

  member: { 'zh-CN': '会员', en: 'memberships', ja: '会員' },
  grant: {
    'zh-CN': '使账号成为某等级的会员（0 为取消）',
    en: 'make an account a member of a level (0 revokes)',
    ja: 'アカウントをあるレベルの会員にする（0 で取り消し）',
  },
  grantHelp: {
    'zh-CN': `parley member grant <account> --level <0-10>

使该账号（其 ID 或手机号）成为该等级的会员，没有截止日期，也不经支付方：等级 1 及以上没有每日
通话上限。等级 0 取消会员。`,
    en: `parley member grant <account> --level <0-10>

Makes the account (its ID or phone number) a member of the level, without an end date and without
a payment provider: level 1 or more has no daily call limit. Level 0 revokes the membership.`,
    ja: `parley member grant <account> --level <0-10>

アカウント（ID または電話番号）を、終了日なし・決済事業者なしでそのレベルの会員にします：レベル 1
以上は一日の通話上限がありません。レベル 0 で会員資格を取り消します。`,
  },
  codes: {
    'zh-CN': '打印新的一次性会员码',
    en: 'print new single-use membership codes',
    ja: '新しい使い捨ての会員コードを表示する',
  },
  codesHelp: {
    'zh-CN': `parley member codes --level <1-${L.maxLevel}> --days <1-${L.maxDays}> --count <1-${L.maxCount}>

在 stdout 打印 <count> 个新的一次性会员码，每行一个（数据库只保存其哈希：只有这一次能看到）。
兑换一个即成为该等级的会员，为期若干天。`,
    en: `parley member codes --level <1-${L.maxLevel}> --days <1-${L.maxDays}> --count <1-${L.maxCount}>

Prints <count> new single-use membership codes, one per line on stdout (the database keeps only
their hashes: this is the only time they are shown). Redeeming one makes a member of the level for
the days.`,
    ja: `parley member codes --level <1-${L.maxLevel}> --days <1-${L.maxDays}> --count <1-${L.maxCount}>

新しい使い捨ての会員コードを <count> 件、stdout に一行ずつ表示します（データベースはハッシュだけを
保存するので、表示されるのはこの一度だけです）。一つ引き換えると、そのレベルの会員に指定日数なります。`,
  },

  helper: { 'zh-CN': '官方助手账号', en: 'the official helper account', ja: '公式ヘルパーアカウント' },
  faq: {
    'zh-CN': '用文件替换助手的常见问题和文案',
    en: "replace the helper's FAQ and texts with a file's",
    ja: 'ヘルパーの FAQ とテキストをファイルの内容に置き換える',
  },
  faqHelp: {
    'zh-CN': `parley helper faq [file.json]

用文件（默认：Parley 自带的 helper-faq.json）替换官方助手的常见问题和文案。格式：
docs/api.md "Helper"。`,
    en: `parley helper faq [file.json]

Replaces the official helper's FAQ and texts with the file's (default: the helper-faq.json shipped
with Parley). Format: docs/api.md "Helper".`,
    ja: `parley helper faq [file.json]

公式ヘルパーの FAQ とテキストをファイル（既定：Parley 同梱の helper-faq.json）の内容に置き換えます。
形式：docs/api.md "Helper"。`,
  },

  reports: {
    'zh-CN': '列出最新的用户和群举报',
    en: 'list the newest reports of users and groups',
    ja: 'ユーザーとグループへの最新の通報を一覧する',
  },
  reportsHelp: {
    'zh-CN': `parley reports [--limit <1-1000>]

打印用户对用户和群的最新举报（默认 50 条），最新的在前：举报人、对象、类型、描述和图片。`,
    en: `parley reports [--limit <1-1000>]

Prints the newest reports users made of users and groups (default 50), newest first: reporter,
target, type, description and images.`,
    ja: `parley reports [--limit <1-1000>]

ユーザーによるユーザーとグループへの最新の通報（既定 50 件）を新しい順に表示します：通報者、対象、
種別、説明、画像。`,
  },
  admin: {
    'zh-CN': '授予或取消运营人员角色',
    en: 'grant or revoke the operator role',
    ja: '運営者ロールの付与と解除',
  },
  adminGrant: {
    'zh-CN': '授予账号运营人员角色（管理后台）',
    en: 'give an account the operator role (the admin console)',
    ja: 'アカウントに運営者ロールを付与する（管理コンソール）',
  },
  adminGrantHelp: {
    'zh-CN': `parley admin grant <account>

授予该账号（其 ID 或手机号）运营人员角色：它可以在网页端打开管理后台（docs/operations.md
"Admin console"）。只有本命令能授予该角色，任何接口都不能。`,
    en: `parley admin grant <account>

Gives the account (its ID or phone number) the operator role: it may open the admin console in
the web app (docs/operations.md "Admin console"). Only this command grants it; no route does.`,
    ja: `parley admin grant <account>

アカウント（ID または電話番号）に運営者ロールを付与します：Web アプリで管理コンソールを開けるように
なります（docs/operations.md "Admin console"）。付与できるのはこのコマンドだけで、API からはできません。`,
  },
  adminRevoke: {
    'zh-CN': '取消账号的运营人员角色',
    en: 'take the operator role away',
    ja: '運営者ロールを外す',
  },
  adminRevokeHelp: {
    'zh-CN': `parley admin revoke <account>

取消该账号（其 ID 或手机号）的运营人员角色：它的下一个管理请求将得到 28001。`,
    en: `parley admin revoke <account>

Takes the operator role from the account (its ID or phone number): its next admin request
answers 28001.`,
    ja: `parley admin revoke <account>

アカウント（ID または電話番号）から運営者ロールを外します：次の管理リクエストは 28001 になります。`,
  },
} as const satisfies Record<string, LocalizedText | ((...args: never[]) => LocalizedText)>;
