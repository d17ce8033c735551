export default {
  bar: 'Pinned messages',
  pin: 'Pin',
  unpin: 'Unpin',
  pinned: 'Pinned',
  jump: 'Go to the message',
  more_one: '{{count}} pinned',
  more_other: '{{count}} pinned',
  collapse: 'Collapse',
};
