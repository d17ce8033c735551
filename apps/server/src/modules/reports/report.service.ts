import { ErrorDetails } from '@parley/protocol';
import type { DictItem } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { Limiter } from '../../lib/rate-limiter.js';
import type { UserRepo } from '../users/user.repo.js';
import type { GroupRepo } from '../groups/group.repo.js';
import { reportsPolicy, type ReportImageFacts } from '../../policies/reports.policy.js';
import { authorize } from '../../policies/policy.js';
import type { ReportRepo } from './report.repo.js';

/** The report types offered by the forms (POST /dict/data/getListByDictType). */
export const DICTS: Record<'user_complaint_type' | 'group_complaint_type', DictItem[]> = {
  user_complaint_type: [
    { dictLabel: '发布色情/违法等不良信息', dictValue: '1' },
    { dictLabel: '存在欺诈骗钱行为', dictValue: '2' },
    { dictLabel: '此账号可能被盗用', dictValue: '3' },
    { dictLabel: '存在侵权行为', dictValue: '4' },
    { dictLabel: '骚扰或辱骂', dictValue: '5' },
    { dictLabel: '其他', dictValue: '99' },
  ],
  group_complaint_type: [
    { dictLabel: '群成员存在赌博行为', dictValue: '1' },
    { dictLabel: '群成员存在欺诈骗钱行为', dictValue: '2' },
    { dictLabel: '群内发布色情/违法等不良信息', dictValue: '3' },
    { dictLabel: '群内传播谣言信息', dictValue: '4' },
    { dictLabel: '其他', dictValue: '99' },
  ],
};

/** The upload an image URL names, for the reports rules (the uploads module provides it). */
export interface ReportImages {
  uploadOf(url: string): Promise<ReportImageFacts['upload']>;
}

/** Stores reports of users and groups for an operator (parley reports). */
export class ReportService {
  private readonly limiter: Limiter;

  constructor(
    private readonly ctx: AppContext,
    private readonly reports: ReportRepo,
    private readonly users: UserRepo,
    private readonly groups: GroupRepo,
    private readonly images: ReportImages,
  ) {
    this.limiter = ctx.limiters('report.add', 20, 60 * 60_000);
  }

  dict(dictType: keyof typeof DICTS): DictItem[] {
    return DICTS[dictType];
  }

  async add(
    userId: number,
    body: {
      type: 0 | 1;
      targetId: string;
      complaintType: string;
      complaintDetail: string;
      complaintImage: string[];
    },
  ) {
    const dict = DICTS[body.type === 0 ? 'user_complaint_type' : 'group_complaint_type'];
    if (!dict.some((d) => d.dictValue === body.complaintType)) {
      throw fail('badRequest', ErrorDetails.complaintTypeInvalid, { field: 'complaintType' });
    }
    let targetId: number;
    if (body.type === 0) {
      const user = await this.users.byWtId(body.targetId);
      authorize(reportsPolicy, 'report.user', { userId }, { user });
      targetId = user!.id;
    } else {
      const group = await this.groups.byNumber(body.targetId);
      authorize(
        reportsPolicy,
        'report.group',
        { userId },
        { group: group && { status: Number(group.status) } },
      );
      targetId = group!.id;
    }
    for (const url of body.complaintImage) {
      authorize(reportsPolicy, 'report.image', { userId }, { upload: await this.images.uploadOf(url) });
    }
    if (!(await this.limiter.hit(String(userId)))) throw fail('rateLimited');
    const row = await this.reports.insert({
      reporter_id: userId,
      target_type: body.type,
      target_id: targetId,
      complaint_type: body.complaintType,
      detail: body.complaintDetail,
      images: body.complaintImage.join(','),
      status: 0,
      created_at: this.ctx.clock.now(),
    });
    return { id: Number(row.id), createTime: Number(row.created_at) };
  }
}
