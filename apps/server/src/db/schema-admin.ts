import type { Generated } from 'kysely';

/** The admin console's tables, in schema.ts's conventions; schema.ts re-exports them. */

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
