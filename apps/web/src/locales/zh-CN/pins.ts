export default {
  bar: '置顶消息',
  pin: '置顶',
  unpin: '取消置顶',
  pinned: '置顶成功',
  jump: '跳转到消息',
  more: '共{{count}}条',
  collapse: '收起',
};
