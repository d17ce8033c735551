/** Public surface of forwarding: the dialog host (mounted by the chat window) and how to open it. */
export { ForwardHost } from './ForwardHost';
export type { ForwardTarget } from './ForwardDialog';
export { openForward, type ForwardRequest } from './forward-store';
