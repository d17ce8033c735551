import type { Generated } from 'kysely';

/** Moderation's tables (reports, the admin audit log), in schema.ts's conventions; schema.ts re-exports them. */

/** One admin action (docs/operations.md "Admin console"); before/after as JSON. */
export interface AdminAuditTable {
  id: Generated<number>;
  operator_id: number;
  action: string;
  target: string;
  before_json: string;
  after_json: string;
  ip: string;
  created_at: number;
}

/** Reports of users (target_type 0) and groups (1); images comma-joined. */
export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: number;
  target_id: number;
  complaint_type: string;
  detail: string;
  images: string;
  status: number;
  created_at: number;
}
