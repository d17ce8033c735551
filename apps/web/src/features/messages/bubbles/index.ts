export {
  bubbleFor,
  bubbleRenderers,
  customKind,
  customRenderers,
  systemLineFor,
  systemLineRenderers,
} from './registry';
export type { ContentProps, ContentRenderer } from './types';
