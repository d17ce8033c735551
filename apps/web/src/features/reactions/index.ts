export { QUICK_EMOJI, toggleReaction, useConversationReactions } from './api';
export { ReactionBar } from './ReactionBar';
export { useReactions } from './store';
