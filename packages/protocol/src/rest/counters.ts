import type { Counters } from '../models/user.js';

/**
 * GET /api/user/counters — the numbers behind the sidebar badges. The socket pushes the same shape as `counters.updated` (possibly partial)
 * whenever one of them changes.
 */
/** Every counter at zero: what a new user sees, and the base the server and the client fill in. */
export const EMPTY_COUNTERS: Readonly<Counters> = Object.freeze({
  unread: 0,
  friendApplyUnread: 0,
  joinApplyUnRead: 0,
  otherUnRead: 0,
  selfApplyUnRead: 0,
  moments: 0,
});
