import { z } from 'zod';
import { intEnum, intField } from '../fields.js';

/**
 * An invitation to join a group, waiting for the invited user's consent: someone who is not their
 * friend named them in a group creation or invitation (docs/api.md "Groups", consent).
 */
export const groupInvitationSchema = z.object({
  id: z.number(),
  groupNumber: z.string(),
  groupName: z.string(),
  groupAvatar: z.string(),
  inviterWtId: z.string(),
  inviterName: z.string(),
  inviterAvatar: z.string(),
  /** 0 waiting, 1 accepted, 2 declined. */
  status: z.literal([0, 1, 2]),
  createTime: z.number(),
});
export type GroupInvitation = z.infer<typeof groupInvitationSchema>;

export const invitationHandleBody = z.object({
  id: intField('id', { min: 1 }),
  /** 1 accept, 2 decline. */
  status: intEnum('status', [1, 2]),
});
export type InvitationHandleBody = z.infer<typeof invitationHandleBody>;

/** The outcome of accepting: joined now, or waiting for a manager (the group's invite approval). */
export const invitationResultSchema = z.object({
  invitation: groupInvitationSchema,
  /** 'joined', 'pending' (a manager approves first) or 'declined'. */
  outcome: z.enum(['joined', 'pending', 'declined']),
});
