export { PinnedBar } from './PinnedBar';
export { pinMenuItem } from './menu';
