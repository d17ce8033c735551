/** Public surface of the reports feature: the report form of users and groups (docs/web.md). */
import './reports.css';
export { ReportForm, type ReportTarget } from './ReportForm';
export { ReportDialog } from './ReportDialog';
