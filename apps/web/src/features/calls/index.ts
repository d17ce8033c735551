/**
 * Public surface of the calls feature: the root (call window, float window, limit dialog; mounted
 * once in the app layout), the voice/video entry buttons, the call card renderer for the chat, and
 * the engine (SPEC call-engine operations) with its state store.
 */
export { CallRoot } from './CallRoot';
export { CallButtons } from './CallButtons';
export { GroupCallHeader, GroupCallBanner } from './GroupCallEntry';
export { CallCard } from './CallCard';
export { callEngine } from './engine';
export { useCallStore, fineState } from './store';
