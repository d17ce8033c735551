import { definePolicy } from './policy.js';
import { GroupStatus } from './groups.policy.js';

/** What a report names, as loaded (modules/reports/report.service.ts). */
export interface ReportTargetFacts {
  /** A reported user (undefined: no such user). */
  user?: { id: number } | undefined;
  /** A reported group (undefined: no such group). */
  group?: { status: number } | undefined;
}

/** An image a report carries: the upload its URL names (undefined: none of this server's). */
export interface ReportImageFacts {
  upload: { ownerId: number; kind: string; mime: string } | undefined;
}

/** The images a report may carry: png or jpeg. */
export const REPORT_IMAGE_MIMES: readonly string[] = ['image/png', 'image/jpeg'];

export const reportsPolicy = definePolicy({
  /** Report a user: one who exists, other than oneself (oneself reads as unknown). */
  'report.user': (actor, f: ReportTargetFacts) =>
    f.user && f.user.id !== actor.userId ? true : 'userNotFound',
  /** Report a group: an active one. */
  'report.group': (_actor, f: ReportTargetFacts) =>
    f.group && f.group.status === GroupStatus.active ? true : 'groupNotFound',
  /** Attach an image: a png or jpeg the reporter uploaded. */
  'report.image': (actor, f: ReportImageFacts) =>
    f.upload &&
    f.upload.ownerId === actor.userId &&
    f.upload.kind === 'image' &&
    REPORT_IMAGE_MIMES.includes(f.upload.mime)
      ? true
      : 'invalidImage',
});
