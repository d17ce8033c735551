export default {
  bar: 'ピン留めメッセージ',
  pin: 'ピン留め',
  unpin: 'ピン留めを解除',
  pinned: 'ピン留めしました',
  jump: 'メッセージへ移動',
  more: '全{{count}}件',
  collapse: '閉じる',
};
