/** Own profile editor: avatar, nickname, bio. */
export default {
  title: '编辑资料',
  nickName: '昵称',
  bio: '个性签名',
  bioPlaceholder: '写点什么介绍自己',
  counter: '{{n}}/{{max}}',
  nickRequired: '昵称不能为空',
  nickTooLong: '昵称不能超过{{max}}个字符',
  save: '保存',
  saved: '修改成功',
  avatar: {
    change: '更换头像',
    changeShort: '更换',
    done: '上传成功',
    failed: '上传失败',
    failedWith: '上传失败：{{reason}}',
    type: '请选择 jpg、png、gif、bmp 或 webp 格式的图片',
    size: '图片不能超过10MB',
  },
};
