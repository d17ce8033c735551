export default {
  menu: 'リアクション',
  chip: '{{emoji}} {{count}}人',
  pick: 'リアクションを選ぶ',
};
