import { MomentVisibility } from '@parley/protocol';
import { momentsPolicy, type MomentFacts } from '../../policies/moments.policy.js';
import { can } from '../../policies/policy.js';
import type { MomentRepo, MomentRow } from './moment.repo.js';

/** Loads the facts of the moments rules (policies/moments.policy.ts) for a viewer and a moment. */
export async function momentFacts(repo: MomentRepo, viewerId: number, row: MomentRow): Promise<MomentFacts> {
  const authorId = Number(row.author_id);
  const visibility = Number(row.visibility);
  const tagged = visibility === MomentVisibility.onlyTags || visibility === MomentVisibility.exceptTags;
  const [relation, addressed] = await Promise.all([
    authorId === viewerId ? undefined : repo.relation(viewerId, authorId),
    tagged && authorId !== viewerId ? repo.isAddressed(viewerId, Number(row.id)) : true,
  ]);
  return {
    authorId,
    authorStatus: relation?.authorStatus ?? 0,
    visibility,
    viewerSide: relation?.viewerSide,
    authorSide: relation?.authorSide,
    blocked: relation?.blocked ?? false,
    addressed,
  };
}

/** Whether the viewer sees the moment. */
export async function canView(repo: MomentRepo, viewerId: number, row: MomentRow): Promise<boolean> {
  return can(momentsPolicy, 'moment.view', { userId: viewerId }, await momentFacts(repo, viewerId, row));
}
