import type { FastifyBaseLogger } from 'fastify';
import type { Bus, BusMessage } from './types.js';

type MembersMessage = Extract<BusMessage, { kind: 'topicMembers' }>;

interface UserTopics {
  topics: Set<string>;
  /** Settles once the user's topics are loaded and subscribed; later changes chain on it. */
  ready: Promise<void>;
  /** Loads and changes not finished yet (0: a change applies at once). */
  pending: number;
}

/**
 * Topic subscriptions of one node (docs/architecture.md "Group messaging"). A topic is a group
 * conversation: one publish per message reaches every node that holds one of its members, and
 * each node hands the frame to its own members' sockets. A user's topics are loaded when their
 * first socket on this node opens (`resolve`), changed by `topicMembers` messages (joins, quits,
 * removals) routed through the user's own channel, and dropped with their last socket; the node
 * subscribes to a topic's channel while it holds at least one of its members.
 */
export class Topics {
  private readonly byTopic = new Map<string, Set<number>>();
  private readonly byUser = new Map<number, UserTopics>();
  /** The topics a user belongs to (installed by the messaging module). */
  resolve: ((userId: number) => Promise<string[]>) | null = null;

  constructor(
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The user's first socket here: loads and subscribes their topics (hello waits for it). */
  online(userId: number): Promise<void> {
    const state: UserTopics = { topics: new Set(), ready: Promise.resolve(), pending: 1 };
    this.byUser.set(userId, state);
    state.ready = (async () => {
      const list = this.resolve ? await this.resolve(userId) : [];
      await this.join(userId, state, list);
    })()
      .catch((err: unknown) => this.log.error({ err, userId }, 'topic subscription failed'))
      .finally(() => {
        state.pending -= 1;
      });
    return state.ready;
  }

  /** The user's last socket here closed. */
  offline(userId: number): void {
    const state = this.byUser.get(userId);
    if (!state) return;
    this.byUser.delete(userId);
    for (const topic of state.topics) this.remove(userId, topic);
  }

  /** Local users subscribed to `topic`. */
  usersOf(topic: string): Iterable<number> {
    return this.byTopic.get(topic) ?? [];
  }

  /** Topics `userId` is subscribed to on this node (tests). */
  topicsOf(userId: number): string[] {
    return [...(this.byUser.get(userId)?.topics ?? [])];
  }

  /** Joins and leaves of users this node holds, applied after their initial load. */
  apply(message: MembersMessage): void {
    for (const userId of message.userIds) {
      const state = this.byUser.get(userId);
      if (!state) continue;
      const change = () => {
        for (const topic of message.leave) this.remove(userId, topic, state);
        return this.join(userId, state, message.join);
      };
      // Applied at once when nothing is pending, so a frame published right after is delivered.
      state.pending += 1;
      state.ready = (state.pending === 1 ? change() : state.ready.then(change))
        .catch((err: unknown) => this.log.error({ err, userId }, 'topic change failed'))
        .finally(() => {
          state.pending -= 1;
        });
    }
  }

  /** Every local member leaves `topic`. */
  drop(topic: string): void {
    for (const userId of [...(this.byTopic.get(topic) ?? [])]) this.remove(userId, topic);
  }

  private async join(userId: number, state: UserTopics, topics: string[]): Promise<void> {
    // The user went offline meanwhile: nothing to subscribe for them.
    if (this.byUser.get(userId) !== state) return;
    const watches: Promise<void>[] = [];
    for (const topic of topics) {
      if (state.topics.has(topic)) continue;
      state.topics.add(topic);
      let users = this.byTopic.get(topic);
      if (!users) {
        users = new Set();
        this.byTopic.set(topic, users);
        watches.push(this.bus.watchTopic(topic));
      }
      users.add(userId);
    }
    await Promise.all(watches);
  }

  private remove(userId: number, topic: string, state = this.byUser.get(userId)): void {
    state?.topics.delete(topic);
    const users = this.byTopic.get(topic);
    if (!users?.delete(userId) || users.size > 0) return;
    this.byTopic.delete(topic);
    this.bus.unwatchTopic(topic);
  }
}
