import type { FastifyBaseLogger } from 'fastify';

/**
 * In-process domain hooks of the friends module, run after commit. Other modules subscribe at wiring
 * time (modules/index.ts). `friendship.deleted`: the messaging module will delete the deleter's
 * conversation and its history here (SPEC §4 "Friend ops") once a conversation store exists.
 */
export interface FriendHookMap {
  'friendship.deleted': { deleterId: number; friendId: number; at: number };
  'friendship.created': { userIds: [number, number]; at: number };
  'blacklist.changed': { ownerId: number; targetId: number; blocked: boolean; at: number };
}

type Handler<K extends keyof FriendHookMap> = (payload: FriendHookMap[K]) => Promise<void> | void;

export class FriendHooks {
  private readonly handlers: { [K in keyof FriendHookMap]?: Array<Handler<K>> } = {};

  constructor(private readonly log: FastifyBaseLogger) {}

  on<K extends keyof FriendHookMap>(name: K, handler: Handler<K>): void {
    const list = (this.handlers[name] ??= []) as Array<Handler<K>>;
    list.push(handler);
  }

  /** Runs every handler; a failing handler is logged and does not undo the committed change. */
  async emit<K extends keyof FriendHookMap>(name: K, payload: FriendHookMap[K]): Promise<void> {
    for (const handler of (this.handlers[name] ?? []) as Array<Handler<K>>) {
      try {
        await handler(payload);
      } catch (err) {
        this.log.error({ err, hook: name }, 'friend hook failed');
      }
    }
  }
}
