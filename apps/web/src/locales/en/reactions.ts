export default {
  menu: 'React',
  chip_one: '{{emoji}} {{count}} person',
  chip_other: '{{emoji}} {{count}} people',
  pick: 'Pick a reaction',
};
