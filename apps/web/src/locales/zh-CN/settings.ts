export default {
  title: '设置',
  sections: { notifications: '新消息通知', general: '通用' },
  rows: {
    notify: '新消息通知',
    notifyHint: '关闭后，新消息和好友申请不再弹出通知，也不再提示音',
    preview: '通知显示消息内容',
    previewHint: '关闭后，通知只显示“你有新消息”',
    sound: '提示音',
    permission: '浏览器通知权限',
    language: '语言',
    quickPhrases: '常用语',
    quickPhrasesHint: '在单聊中显示常用语按钮',
  },
  permission: {
    granted: '已允许',
    denied: '已拒绝，请在浏览器的网站设置中开启',
    default: '尚未允许',
    unsupported: '此浏览器不支持通知',
    ask: '允许通知',
  },
  saved: '设置已保存',
  saveFailed: '保存失败，请重试',
};
