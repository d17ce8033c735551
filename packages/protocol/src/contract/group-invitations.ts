import { z } from 'zod';
import {
  groupInvitationSchema,
  invitationHandleBody,
  invitationResultSchema,
} from '../models/group-invitation.js';
import type { SchemasOf } from './define.js';
import type { groupInvitationRoutes } from './group-invitations.routes.js';

export const groupInvitationSchemas = {
  list: { response: z.array(groupInvitationSchema), errors: [] },
  handle: {
    body: invitationHandleBody,
    response: invitationResultSchema,
    errors: ['groupInvitationNotFound', 'groupNotFound', 'groupBlacklisted', 'groupFull', 'alreadyInGroup'],
  },
} as const satisfies SchemasOf<typeof groupInvitationRoutes>;
