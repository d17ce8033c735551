import { z } from 'zod';
import { Limits } from '../constants.js';
import { intEnum, listField, textField } from '../fields.js';

/** Reports of users and groups, and the dictionaries their forms read (docs/api.md "Reports"). */
export const DictTypes = ['user_complaint_type', 'group_complaint_type'] as const;

export const dictBody = z.object({
  dictType: z.enum(DictTypes, { error: 'dictType格式不正确' }),
});

export const dictItemSchema = z.object({ dictLabel: z.string(), dictValue: z.string() });
export type DictItem = z.infer<typeof dictItemSchema>;

const imageUrl = textField('complaintImage', { max: 512, min: 1, tooLong: 'complaintImage过长' });

/**
 * POST /complaint/add. `type` 0 a user (targetId = wtId), 1 a group (targetId = groupNumber).
 * `complaintImage`: 1–5 png/jpeg images uploaded by the reporter, as a list or comma-joined.
 */
export const complaintBody = z.object({
  type: intEnum('type', [0, 1]),
  targetId: textField('targetId', { max: 64, min: 1, tooLong: 'targetId过长' }),
  complaintType: textField('complaintType', { max: 32, min: 1, tooLong: 'complaintType格式不正确' }),
  complaintDetail: textField('举报描述', {
    max: Limits.report,
    min: 1,
    maxUnits: Limits.report * 4,
    multiline: true,
    tooLong: `举报描述不能超过${Limits.report}个字符`,
  }),
  complaintImage: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
      listField('complaintImage', imageUrl, Limits.reportImages, `最多上传${Limits.reportImages}张图片`),
    )
    .pipe(z.array(z.string()).min(1, { error: '请上传举报图片' })),
});
export type ComplaintBody = z.input<typeof complaintBody>;

export const complaintSchema = z.object({ id: z.number(), createTime: z.number() });
