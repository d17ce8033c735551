import { healthSchema } from '../models/user.js';
import type { SchemasOf } from './define.js';
import type { systemRoutes } from './system.routes.js';

export const systemSchemas = {
  /** A degraded node answers envelope code 503 with the same data. */
  health: { response: healthSchema, errors: [] },
} as const satisfies SchemasOf<typeof systemRoutes>;
