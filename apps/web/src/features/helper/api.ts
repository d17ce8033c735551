import { HELPER_CONVERSATION_ID, type HelperAnswer } from '@parley/protocol';
import { call } from '../../lib/api';

export const helperFaqKey = ['helper', 'faq'] as const;

export const helperApi = {
  list: () => call('helper', 'list'),
  question: (id: number): Promise<HelperAnswer> => call('helper', 'question', { id }),
  keyWord: (keyWord: string): Promise<HelperAnswer> => call('helper', 'keyWord', { keyWord }),
};

/** The official helper's conversation: FAQ, no menus, no calls, no extension buttons. */
export const isHelperConversation = (conversationID: string) => conversationID === HELPER_CONVERSATION_ID;
