import { get } from './define.js';

/** Operations: the health probe of a node (database and bus status). */
export const systemRoutes = {
  health: get('/health', { auth: false }),
} as const;
