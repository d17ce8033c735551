import { ReportRepo } from '../modules/reports/report.repo.js';
import { parseCommandArgs, wholeNumber, withDatabase, type Command } from './command.js';

export const reportsCommand: Command = {
  name: 'reports',
  summary: 'list the newest reports of users and groups',
  help: `parley reports [--limit <1-1000>]

Prints the newest reports users made of users and groups (default 50), newest first: reporter,
target, type, description and images.`,
  async run(args, config, io) {
    const { values } = parseCommandArgs(
      this,
      args,
      { limit: { type: 'string' } },
      { min: 0, max: 0, names: '' },
    );
    const limit = values.limit === undefined ? 50 : wholeNumber(this, 'limit', values.limit, 1, 1000);
    await withDatabase(config(), async (handle) => {
      const rows = await new ReportRepo(handle.db).recent(limit);
      if (rows.length === 0) io.out('no reports');
      for (const r of rows) {
        const target =
          Number(r.target_type) === 1 ? `group ${r.target_group ?? '?'}` : `user ${r.target_user ?? '?'}`;
        io.out(
          `#${r.id} ${new Date(Number(r.created_at)).toISOString()} ${r.reporter} → ${target} type ${r.complaint_type}` +
            `\n  ${r.detail.replace(/\n/g, ' ')}\n  ${r.images}`,
        );
      }
    });
  },
};
