import { def, type ErrorDef } from './define.js';

/** Moments (Parley's own codes, 231xx). */
export const momentErrors = {
  momentNotFound: def(23101, 404, {
    'zh-CN': '该动态不存在或已被删除',
    en: 'This moment does not exist or was deleted.',
    ja: 'この投稿は存在しないか、削除されました。',
  }),
  momentEmpty: def(23102, 400, {
    'zh-CN': '请输入内容或选择图片、视频',
    en: 'Write something or choose photos or a video.',
    ja: '内容を入力するか、写真・動画を選んでください。',
  }),
  momentMediaInvalid: def(23103, 400, {
    'zh-CN': '图片或视频无效，请重新上传',
    en: 'A photo or video is not valid. Upload it again.',
    ja: '写真または動画が無効です。もう一度アップロードしてください。',
  }),
  momentCommentNotFound: def(23104, 404, {
    'zh-CN': '该评论不存在或已被删除',
    en: 'This comment does not exist or was deleted.',
    ja: 'このコメントは存在しないか、削除されました。',
  }),
  momentReplyInvalid: def(23105, 400, {
    'zh-CN': '无法回复该用户',
    en: 'You cannot reply to this person.',
    ja: 'この人には返信できません。',
  }),
  momentCommentForbidden: def(23106, 403, {
    'zh-CN': '只能删除自己的评论或自己动态下的评论',
    en: 'You can only delete your own comments or comments on your own moments.',
    ja: '削除できるのは自分のコメントか、自分の投稿へのコメントだけです。',
  }),
} as const satisfies Record<string, ErrorDef>;
