import { runOperatorTool } from '../../lib/operator-tool.js';
import { ReportRepo } from './report.repo.js';

/**
 * Operator tool: `npm run reports -w @parley/server -- [limit]` prints the newest reports of users
 * and groups (reporter, target, type, description, images).
 */
const limit = Math.min(Math.max(Number(process.argv[2] ?? 50) || 50, 1), 1000);
runOperatorTool(async (handle) => {
  const rows = await new ReportRepo(handle.db).recent(limit);
  if (rows.length === 0) console.log('no reports');
  for (const r of rows) {
    const target =
      Number(r.target_type) === 1 ? `group ${r.target_group ?? '?'}` : `user ${r.target_user ?? '?'}`;
    console.log(
      `#${r.id} ${new Date(Number(r.created_at)).toISOString()} ${r.reporter} → ${target} type ${r.complaint_type}` +
        `\n  ${r.detail.replace(/\n/g, ' ')}\n  ${r.images}`,
    );
  }
});
