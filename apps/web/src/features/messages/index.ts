/**
 * Public surface of the messages feature. Its screen (MessagesPage) is a route entry loaded by
 * app/router.tsx with import() so it stays its own chunk; other features open a chat by linking to
 * `/messages?conversationID=` (friends' `chatPath`).
 */
export { unreadTotal } from './list-logic';
export { conversationName } from './types';
export { RecommendButton, RecommendHost } from './recommend';
export { useMessageAlertsAway } from './alerts-away';
