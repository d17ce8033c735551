// Kept apart from ws.ts (which builds zod schemas) so the browser bundle can import it without zod.
/** Close codes the gateway uses (4xxx are Parley's own). */
export const WsClose = {
  normal: 1000,
  goingAway: 1001,
  serviceRestart: 1012,
  invalidToken: 4001,
  sessionEnded: 4002,
  forcedLogout: 4003,
  /** The user opened more sockets than a user may hold; the oldest is closed. Reconnect when used again. */
  displaced: 4004,
} as const;
