import { healthSchema } from '../models/user.js';
import { get, type SchemasOf } from './define.js';

/** Operations: the health probe of a node (database and bus status). */
export const systemRoutes = {
  health: get('/health', { auth: false }),
} as const;

export const systemSchemas = {
  /** A degraded node answers envelope code 503 with the same data. */
  health: { response: healthSchema, errors: [] },
} as const satisfies SchemasOf<typeof systemRoutes>;
