import { ReportRepo } from '../modules/reports/report.repo.js';
import { parseCommandArgs, perLanguage, wholeNumber, withDatabase, type Command } from './command.js';
import { HelpTexts } from './texts/help.js';
import { CliTexts } from './texts/messages.js';

export const reportsCommand: Command = {
  name: 'reports',
  summary: HelpTexts.reports,
  help: HelpTexts.reportsHelp,
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
      if (rows.length === 0) io.out(CliTexts.noReports);
      for (const r of rows) {
        const target =
          Number(r.target_type) === 1
            ? CliTexts.reportTarget('group', String(r.target_group ?? '?'))
            : CliTexts.reportTarget('user', String(r.target_user ?? '?'));
        const at = new Date(Number(r.created_at)).toISOString();
        const body = `\n  ${r.detail.replace(/\n/g, ' ')}\n  ${r.images}`;
        io.out(
          perLanguage(
            (lang) =>
              CliTexts.report(String(r.id), at, String(r.reporter), target[lang], String(r.complaint_type))[
                lang
              ] + body,
          ),
        );
      }
    });
  },
};
