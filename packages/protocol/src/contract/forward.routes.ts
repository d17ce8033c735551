import { post } from './define.js';

/** Most messages one forward takes, most conversations it goes to, and a merged record's abstract lines. */
export const ForwardLimits = { messages: 100, targets: 20, abstractLines: 7 } as const;

/** Forwarding messages one by one or merged, and reading a merged record (docs/api.md "Forwarding"). */
export const forwardRoutes = {
  forward: post('/message/forward'),
  merger: post('/message/merger'),
} as const;
