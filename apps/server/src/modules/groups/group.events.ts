import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import type { CountersService } from '../users/counters.service.js';
import type { GroupExtraRepo } from './group-extra.repo.js';
import { GroupRepo } from './group.repo.js';

/** What changed in a group (socket type 5 `change`). */
export type GroupChange =
  'info' | 'members' | 'roles' | 'mute' | 'removed' | 'dissolved' | 'quit' | 'joined' | 'self';

/**
 * Queues socket type 5 for every member of the group (after the commit), plus `extra` users (those
 * who just left or were removed). The member list is read once per change, never per message.
 */
export async function announce(
  uow: UnitOfWork,
  group: { id: number; group_number: string },
  change: GroupChange,
  extra: number[] = [],
): Promise<void> {
  const ids = new Set(await new GroupRepo(uow.db).memberIds(group.id));
  for (const id of extra) ids.add(id);
  if (ids.size) uow.emit([...ids], '5', { groupNumber: group.group_number, change });
}

/** The group notification counters (socket type 4 and GET /user/counters). */
export class GroupCounters {
  constructor(
    private readonly ctx: AppContext,
    private readonly extra: GroupExtraRepo,
    private readonly counters: CountersService,
  ) {}

  async of(userId: number) {
    const [joinApplyUnRead, selfApplyUnRead, otherUnRead] = await Promise.all([
      this.extra.pendingForManager(userId),
      this.extra.unreadOutcomes(userId),
      this.extra.unreadNotices(userId),
    ]);
    return { joinApplyUnRead, selfApplyUnRead, otherUnRead };
  }

  /** After the commit: type 4 and the sidebar counters to each user. */
  pushAfter(uow: UnitOfWork, userIds: Iterable<number>): void {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return;
    uow.afterCommit(async () => {
      for (const id of ids) {
        await this.ctx.realtime.emit([id], '4', await this.of(id));
        this.counters.pushSoon(id);
      }
    });
  }
}
