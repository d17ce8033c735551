import { MomentVisibility } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { audienceOf, relationAllows } from '../../policies/moments.policy.js';
import type { UserRepo } from '../users/user.repo.js';
import type { FanoutJob, FanoutRepo } from './fanout.repo.js';
import type { MomentRepo } from './moment.repo.js';

/** The job moved under this chunk (another node delivered it, or the moment was removed). */
class Moved extends Error {}

/**
 * Delivers new moments to their viewers' inboxes off the posting request
 * (docs/decisions/038-moments-fanout-queue.md). A post commits the moment, its author's inbox row
 * and a `moment_fanout` job; then this drains the jobs, oldest first, one chunk of the author's
 * friends per transaction: the chunk's inbox rows and the job's advance (its acknowledgement)
 * commit together, so a crash loses nothing and delivers nothing twice, and the next start resumes
 * where the last commit left. Between chunks the event loop serves requests first. Each chunk
 * pushes `moment.new` to the viewers it delivered to who may see the moment now.
 */
export class MomentFanout {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly jobs: FanoutRepo,
    private readonly moments: MomentRepo,
    private readonly users: UserRepo,
    /** Friends per chunk (config `momentFanoutChunk`). */
    private readonly chunk: number,
  ) {}

  /** Starts draining (the jobs left by an earlier run, and any queued since). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.ctx.log.error({ err }, 'moments fan-out failed'))
      .finally(() => {
        this.running = null;
      });
  }

  /** Resolves once no drain is under way in this process (every job it saw is delivered). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops after the chunk under way; what is left stays queued for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.settled();
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      for (;;) {
        if (this.stopped) return;
        const job = await this.jobs.oldest();
        if (!job) break;
        try {
          await this.deliverChunk(job);
        } catch (err) {
          if (!(err instanceof Moved)) throw err;
        }
        // Requests that arrived meanwhile run before the next chunk.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } while (this.again);
  }

  private async deliverChunk(job: FanoutJob): Promise<void> {
    const momentId = Number(job.moment_id);
    const authorId = Number(job.author_id);
    const afterId = Number(job.after_id);
    await this.ctx.uow.run(async (uow) => {
      const jobs = this.jobs.in(uow);
      const moment = await this.moments.in(uow).byId(momentId);
      const friends = moment ? await jobs.friendsAfter(authorId, afterId, this.chunk) : [];
      const last = friends.at(-1);
      const done = friends.length < this.chunk || !last;
      if (!(await jobs.ack(momentId, afterId, done ? null : Number(last.friend_id)))) throw new Moved();
      if (!moment || friends.length === 0) return;
      const visibility = Number(moment.visibility);
      const tagged =
        visibility === MomentVisibility.onlyTags || visibility === MomentVisibility.exceptTags
          ? await this.moments.in(uow).taggedFriendIds(authorId, JSON.parse(moment.tag_ids) as number[])
          : new Set<number>();
      const ids = friends.map((f) => Number(f.friend_id));
      const viewers = audienceOf(authorId, visibility, ids, tagged).filter((id) => id !== authorId);
      await jobs.address(momentId, viewers);
      // The live signal goes only to those the relation lets see it now (as the feed reads it).
      const chosen = new Set(viewers);
      const blocked = await this.moments.in(uow).blockedEitherWay(authorId, viewers);
      const author = await this.users.in(uow).byId(authorId);
      const pushTo = friends
        .filter(
          (f) =>
            chosen.has(Number(f.friend_id)) &&
            relationAllows(Number(f.friend_id), {
              authorId,
              authorStatus: Number(author?.status ?? 1),
              viewerSide:
                f.friends_space_status == null
                  ? undefined
                  : { friendsSpaceStatus: Number(f.friends_space_status) },
              authorSide: { mineSpaceStatus: Number(f.mine_space_status) },
              blocked: blocked.has(Number(f.friend_id)),
            }),
        )
        .map((f) => Number(f.friend_id));
      if (author && pushTo.length > 0)
        uow.emit(pushTo, 'moment.new', {
          id: momentId,
          wtId: author.wt_id,
          nickName: author.nick_name,
          avatar: author.avatar,
        });
    });
  }
}
