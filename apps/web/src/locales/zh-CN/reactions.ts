export default {
  menu: '回应',
  chip: '{{emoji}} {{count}}人',
  pick: '选择表情回应',
};
