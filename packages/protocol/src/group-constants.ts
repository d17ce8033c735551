/**
 * Constants of group conversations shared with the browser. Free of zod, so the web client's
 * entry can import them without the schemas.
 */

/** `atUserList` entry that mentions every member (owner and admins only). */
export const AT_ALL = '__kImSDK_MesssageAtALL__';

/** Group conversation state of the reader: 0 member, 4 removed, 5 dissolved, 8 quit. */
export const GroupConversationState = { member: 0, removed: 4, dissolved: 5, quit: 8 } as const;
