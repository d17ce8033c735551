import type { FastifyBaseLogger } from 'fastify';
import { DomainHooks } from '../../lib/domain-hooks.js';

/**
 * Hooks of the messaging module for modules that keep something per message (pins, reactions).
 * They run inside the use case's unit of work (lib/domain-hooks.ts).
 */
export interface MessageHookMap {
  /**
   * Messages left their conversation: a one-to-one message revoked (for both members), or messages
   * one member deleted for themselves (`revoked` false; `byUserId` is that member).
   */
  'messages.gone': { conversationId: number; messageIds: number[]; byUserId: number; revoked: boolean };
}

export class MessageHooks extends DomainHooks<MessageHookMap> {
  constructor(log: FastifyBaseLogger) {
    super(log, 'messaging');
  }
}
