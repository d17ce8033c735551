import type { LocalizedText } from '@parley/protocol';

/** What `parley backup` and `parley restore` print and refuse with, in zh-CN, en and ja. */
export const BackupTexts = {
  summary: {
    'zh-CN': '在服务器运行时把数据库和上传文件复制到一个目录',
    en: 'copy the database and the uploaded files into a folder, while the server runs',
    ja: 'サーバーの稼働中にデータベースとアップロードファイルをフォルダにコピーする',
  },
  help: {
    'zh-CN': `parley backup <dir>

在服务器继续服务时，把所配置数据库和上传文件的一致副本写入 <dir>（新的或空的）：
  parley.db     SQLite：在线备份 API 的副本（一个快照）
  parley.dump   PostgreSQL：pg_dump -Fc（需要 PATH 中有 pg_dump）
  uploads/      本地上传存储（S3 存储桶中的文件不复制）
  manifest.json 每个文件的 SHA-256、结构版本和 Parley 版本
目录要么完整出现，要么不出现（先写在旁边，再改名）。
用 \`parley restore <dir>\` 恢复。详见 docs/operations.md "Backup and restore"。`,
    en: `parley backup <dir>

Writes a consistent copy of the configured database and the uploaded files into <dir> (new or
empty), while the server keeps serving:
  parley.db     SQLite: the online backup API's copy (one snapshot)
  parley.dump   PostgreSQL: pg_dump -Fc (needs pg_dump on PATH)
  uploads/      the local uploads store (an S3 bucket's files are not copied)
  manifest.json the SHA-256 of every file, the schema version and the Parley version
The folder appears whole or not at all (it is written beside it, then renamed).
Restore it with \`parley restore <dir>\`. Details: docs/operations.md "Backup and restore".`,
    ja: `parley backup <dir>

サーバーが稼働したまま、設定されたデータベースとアップロードファイルの一貫したコピーを <dir>（新規
または空）に書き込みます：
  parley.db     SQLite：オンラインバックアップ API のコピー（一つのスナップショット）
  parley.dump   PostgreSQL：pg_dump -Fc（PATH に pg_dump が必要）
  uploads/      ローカルのアップロードストア（S3 バケットのファイルはコピーしません）
  manifest.json 各ファイルの SHA-256、スキーマの版、Parley の版
フォルダは完全な形で現れるか、まったく現れないかです（隣に書いてから名前を変えます）。
\`parley restore <dir>\` で復元します。詳細：docs/operations.md "Backup and restore"。`,
  },
  restoreSummary: {
    'zh-CN': '用备份替换空数据库（--force：替换任何数据库）',
    en: 'put a backup in place of an empty database (--force: of any)',
    ja: '空のデータベースをバックアップで置き換える（--force：どのデータベースでも）',
  },
  restoreHelp: {
    'zh-CN': `parley restore <dir> [--force]

把 \`parley backup\` 写的备份恢复到所配置的数据库和数据目录。写入任何内容前，它按清单的 SHA-256
检查每个文件，确认备份属于所配置的数据库（SQLite 或 PostgreSQL，相同的 DATABASE_SCHEMA），且其结构
不比本 Parley 的迁移新。它只恢复到空目标（没有 SQLite 文件、模式中没有表、没有上传文件），除非给出
--force，它会替换已有内容：请先停止服务器。之后启动服务器：它会应用本 Parley 更新的迁移。
PostgreSQL 用 pg_restore 恢复（需要 PATH 中有它），在一个事务中完成。`,
    en: `parley restore <dir> [--force]

Restores a backup written by \`parley backup\` into the configured database and data folder. Before
it writes anything it checks every file against the manifest's SHA-256, that the backup is of the
configured database (SQLite or PostgreSQL, the same DATABASE_SCHEMA) and that its schema is not
newer than this Parley's migrations. It restores only into an empty target (no SQLite file, no
tables in the schema, no uploaded files) unless --force is given, which replaces what is there:
stop the server first. Start the server after: it applies any newer migrations of this Parley.
PostgreSQL restores with pg_restore (needs it on PATH), in one transaction.`,
    ja: `parley restore <dir> [--force]

\`parley backup\` が書いたバックアップを、設定されたデータベースとデータフォルダに復元します。何かを
書く前に、各ファイルをマニフェストの SHA-256 と照合し、バックアップが設定されたデータベース（SQLite
または PostgreSQL、同じ DATABASE_SCHEMA）のものであること、スキーマがこの Parley のマイグレーション
より新しくないことを確かめます。空の復元先（SQLite ファイルなし、スキーマにテーブルなし、アップロード
ファイルなし）にだけ復元します。--force を付けると既存の内容を置き換えます：先にサーバーを停止して
ください。その後サーバーを起動すると、この Parley の新しいマイグレーションを適用します。
PostgreSQL は pg_restore で（PATH に必要）、一つのトランザクションで復元します。`,
  },
  targetIsFile: (dir: string) => ({
    'zh-CN': `${dir} 是文件，不是目录`,
    en: `${dir} is a file, not a folder`,
    ja: `${dir} はファイルで、フォルダではありません`,
  }),
  targetNotEmpty: (dir: string) => ({
    'zh-CN': `${dir} 不是空的：备份只写入新的或空的目录`,
    en: `${dir} is not empty: a backup goes into a new or empty folder`,
    ja: `${dir} は空ではありません：バックアップは新しいか空のフォルダに書き込みます`,
  }),
  s3NotCopied: (bucket: string) => ({
    'zh-CN': `上传的文件在 S3 存储桶 ${bucket} 中，未被复制：请用存储自带的版本控制或复制功能备份该存储桶`,
    en: `uploads are in the S3 bucket ${bucket} and were not copied: back the bucket up with the store's own versioning or replication`,
    ja: `アップロードされたファイルは S3 バケット ${bucket} にあり、コピーされていません：ストレージのバージョニングやレプリケーションでバケットをバックアップしてください`,
  }),
  written: (dir: string, dialect: string, schema: string, uploads: number, bytes: number) => ({
    'zh-CN': `备份已写入 ${dir}：${dialect} 结构 ${schema}，${uploads} 个上传文件，${bytes} 字节`,
    en: `backup written to ${dir}: ${dialect} schema ${schema}, ${uploads} uploaded file(s), ${bytes} bytes`,
    ja: `バックアップを ${dir} に書き込みました：${dialect} スキーマ ${schema}、アップロードファイル ${uploads} 件、${bytes} バイト`,
  }),
  restored: (dir: string, dialect: string, schema: string, uploads: number, taken: string) => ({
    'zh-CN': `已恢复 ${dir}（${dialect} 结构 ${schema}，${uploads} 个上传文件，备份于 ${taken}）；请在其上启动服务器`,
    en: `restored ${dir} (${dialect} schema ${schema}, ${uploads} uploaded file(s), taken ${taken}); start the server on it`,
    ja: `${dir} を復元しました（${dialect} スキーマ ${schema}、アップロードファイル ${uploads} 件、取得 ${taken}）；サーバーを起動してください`,
  }),
  notEmpty: (found: LocalizedText[]) => ({
    'zh-CN': `目标不是空的（${found.map((f) => f['zh-CN']).join('；')}）：未恢复任何内容；--force 会替换它（请先停止服务器）`,
    en: `the target is not empty (${found.map((f) => f.en).join('; ')}): nothing was restored; --force replaces it (stop the server first)`,
    ja: `復元先が空ではありません（${found.map((f) => f.ja).join('；')}）：何も復元していません；--force で置き換えます（先にサーバーを停止してください）`,
  }),
  pgTables: (schema: string, n: number) => ({
    'zh-CN': `PostgreSQL 模式 ${schema} 有 ${n} 张表`,
    en: `PostgreSQL schema ${schema} has ${n} table(s)`,
    ja: `PostgreSQL スキーマ ${schema} にテーブルが ${n} 個あります`,
  }),
  fileExists: (file: string) => ({
    'zh-CN': `${file} 已存在`,
    en: `${file} exists`,
    ja: `${file} が存在します`,
  }),
  uploadsHeld: (root: string, n: number) => ({
    'zh-CN': `${root} 中有 ${n} 个文件`,
    en: `${root} holds ${n} file(s)`,
    ja: `${root} にファイルが ${n} 件あります`,
  }),
  otherDialect: (backup: string, configured: string) => ({
    'zh-CN': `此备份是 ${backup} 数据库，而配置指定的是 ${configured}（${configured === 'sqlite' ? '未设置' : '已设置'} DATABASE_URL）`,
    en: `this backup holds a ${backup} database and the configuration names ${configured} (DATABASE_URL is ${configured === 'sqlite' ? 'not set' : 'set'})`,
    ja: `このバックアップは ${backup} データベースですが、設定は ${configured} です（DATABASE_URL が${configured === 'sqlite' ? '未設定' : '設定済み'}）`,
  }),
  otherSchema: (schema: string | null) => ({
    'zh-CN': `此备份是 PostgreSQL 模式 ${schema ?? 'public'}：请设置 DATABASE_SCHEMA=${schema ?? ''} 再恢复`,
    en: `this backup holds PostgreSQL schema ${schema ?? 'public'}: set DATABASE_SCHEMA=${schema ?? ''} to restore it`,
    ja: `このバックアップは PostgreSQL スキーマ ${schema ?? 'public'} です：DATABASE_SCHEMA=${schema ?? ''} を設定して復元してください`,
  }),
  newerSchema: (backup: string, latest: string, version: string) => ({
    'zh-CN': `此备份的结构（${backup}）比本 Parley 的（${latest}）新：未恢复任何内容；请用 Parley ${version} 或更新版本恢复`,
    en: `this backup's schema (${backup}) is newer than this Parley's (${latest}): nothing was restored; restore it with Parley ${version} or later`,
    ja: `このバックアップのスキーマ（${backup}）はこの Parley のもの（${latest}）より新しいため、何も復元していません；Parley ${version} 以降で復元してください`,
  }),
  unknownSchema: (backup: string) => ({
    'zh-CN': `此备份的结构（${backup}）不是本 Parley 的迁移之一：未恢复任何内容`,
    en: `this backup's schema (${backup}) is not one of this Parley's migrations: nothing was restored`,
    ja: `このバックアップのスキーマ（${backup}）はこの Parley のマイグレーションにありません：何も復元していません`,
  }),
  localUploadsToS3: {
    'zh-CN':
      '此备份包含本地上传文件，但设置了 S3_BUCKET：请用本地存储恢复，或自行把其中的 uploads/ 复制到存储桶',
    en: 'this backup holds local uploads and S3_BUCKET is set: restore it with the local store, or copy its uploads/ into the bucket yourself',
    ja: 'このバックアップはローカルのアップロードを含みますが、S3_BUCKET が設定されています：ローカルストレージで復元するか、uploads/ をバケットに自分でコピーしてください',
  },
  manifestMissing: (file: string) => ({
    'zh-CN': `不是 Parley 备份：缺少 ${file}`,
    en: `not a Parley backup: ${file} is missing`,
    ja: `Parley のバックアップではありません：${file} がありません`,
  }),
  manifestNotJson: (file: string) => ({
    'zh-CN': `${file} 不是有效的 JSON：备份已损坏`,
    en: `${file} is not valid JSON: the backup is damaged`,
    ja: `${file} は正しい JSON ではありません：バックアップが壊れています`,
  }),
  notABackup: (file: string, format: string) => ({
    'zh-CN': `不是 Parley 备份：${file} 没有 "format": "${format}"`,
    en: `not a Parley backup: ${file} has no "format": "${format}"`,
    ja: `Parley のバックアップではありません：${file} に "format": "${format}" がありません`,
  }),
  otherFormat: (file: string, found: string, known: number) => ({
    'zh-CN': `${file}：备份格式 ${found} 不是本 Parley 读取的格式（${known}）`,
    en: `${file}: backup format ${found} is not the one this Parley reads (${known})`,
    ja: `${file}：バックアップ形式 ${found} はこの Parley が読む形式（${known}）ではありません`,
  }),
  manifestDamaged: (file: string) => ({
    'zh-CN': `${file} 不完整或已损坏：此备份不可信`,
    en: `${file} is incomplete or damaged: the backup cannot be trusted`,
    ja: `${file} は不完全か壊れています：このバックアップは信頼できません`,
  }),
  fileMissing: (file: string) => ({
    'zh-CN': `备份已损坏：缺少 ${file}；未恢复任何内容`,
    en: `backup damaged: ${file} is missing; nothing was restored`,
    ja: `バックアップが壊れています：${file} がありません；何も復元していません`,
  }),
  checksum: (file: string, manifest: string) => ({
    'zh-CN': `备份已损坏：${file} 与 ${manifest} 中的校验和不符；未恢复任何内容`,
    en: `backup damaged: ${file} does not match its checksum in ${manifest}; nothing was restored`,
    ja: `バックアップが壊れています：${file} が ${manifest} のチェックサムと一致しません；何も復元していません`,
  }),
  toolMissing: (tool: string, backup: boolean) => ({
    'zh-CN': `PostgreSQL ${backup ? '备份' : '恢复'}需要 ${tool}，但在 PATH 中找不到：请安装与服务器主版本相同或更新的 PostgreSQL 客户端工具（Debian/Ubuntu：apt install postgresql-client）`,
    en: `${tool} is needed for a PostgreSQL ${backup ? 'backup' : 'restore'} and was not found on PATH: install the PostgreSQL client tools of the server's major version or newer (Debian/Ubuntu: apt install postgresql-client)`,
    ja: `PostgreSQL の${backup ? 'バックアップ' : '復元'}には ${tool} が必要ですが、PATH に見つかりません：サーバーのメジャーバージョン以上の PostgreSQL クライアントツールをインストールしてください（Debian/Ubuntu：apt install postgresql-client）`,
  }),
  toolFailed: (tool: string, code: number | null, stderr: string) => ({
    'zh-CN': `${tool} 失败（退出码 ${code}）：${stderr}`,
    en: `${tool} failed (exit ${code}): ${stderr}`,
    ja: `${tool} が失敗しました（終了コード ${code}）：${stderr}`,
  }),
  cannotConnect: (detail: string) => ({
    'zh-CN': `无法连接 PostgreSQL（DATABASE_URL）：${detail}`,
    en: `cannot connect to PostgreSQL (DATABASE_URL): ${detail}`,
    ja: `PostgreSQL（DATABASE_URL）に接続できません：${detail}`,
  }),
  noSchema: (name: string) => ({
    'zh-CN': `${name} 中没有 Parley 结构（未应用任何迁移）`,
    en: `${name} holds no Parley schema (no migrations applied)`,
    ja: `${name} に Parley のスキーマがありません（マイグレーション未適用）`,
  }),
  pgNoSchema: (schema: string) => ({
    'zh-CN': `PostgreSQL 模式 ${schema} 中没有 Parley 结构（未应用任何迁移）`,
    en: `PostgreSQL schema ${schema} holds no Parley schema (no migrations applied)`,
    ja: `PostgreSQL スキーマ ${schema} に Parley のスキーマがありません（マイグレーション未適用）`,
  }),
  checkFailed: (file: string, detail: string) => ({
    'zh-CN': `${file} 的副本未通过 SQLite 检查：${detail}`,
    en: `the copy of ${file} does not pass SQLite's check: ${detail}`,
    ja: `${file} のコピーが SQLite のチェックに合格しません：${detail}`,
  }),
} as const satisfies Record<string, LocalizedText | ((...args: never[]) => LocalizedText)>;
