import type { QuickPhrase } from '@parley/protocol';
import { call } from '../../lib/api';

export const quickPhrasesKey = ['quickPhrases'] as const;

export const quickPhrasesApi = {
  list: (): Promise<QuickPhrase[]> => call('quickPhrases', 'list'),
  add: (word: string) => call('quickPhrases', 'add', { word }),
  update: (id: number, word: string) => call('quickPhrases', 'update', { id, word }),
  sort: (ids: number[]) => call('quickPhrases', 'sort', { ids }),
  remove: (ids: number[]) => call('quickPhrases', 'remove', { ids }),
};
