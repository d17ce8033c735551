import { z } from 'zod';
import { bit } from './common.js';

/** One conversation of a custom tab: `sessionId` is the conversationID (C2C<wtId> or GROUP<groupNumber>). */
export const sessionRelationSchema = z.object({
  sessionId: z.string(),
  /** 0 one-to-one, 1 group. */
  sessionType: z.literal([0, 1]),
  /** The other side's wtId, or the group's number. */
  relationId: z.string(),
  name: z.string(),
  avatar: z.string(),
});
export type SessionRelation = z.infer<typeof sessionRelationSchema>;

/** A custom conversation tab (分组) of its owner. */
export const sessionGroupSchema = z.object({
  id: z.number(),
  groupName: z.string(),
  /** 1 shown on the list, 0 hidden. */
  hideStatus: bit,
  /** 1: created by the user (every stored tab; 全部 and the built-in tabs are the client's). */
  defaultGroup: bit,
  /** Place among the owner's tabs, from 0. */
  sort: z.number(),
  relationList: z.array(sessionRelationSchema),
});
export type SessionGroup = z.infer<typeof sessionGroupSchema>;
