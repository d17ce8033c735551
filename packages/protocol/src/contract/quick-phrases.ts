import { z } from 'zod';
import { quickPhraseSchema } from '../models/quick-phrases.js';
import {
  addQuickPhraseBody,
  deleteQuickPhrasesBody,
  sortQuickPhrasesBody,
  updateQuickPhraseBody,
} from '../rest/quick-phrases.js';
import type { SchemasOf } from './define.js';
import type { quickPhraseRoutes } from './quick-phrases.routes.js';

const list = z.array(quickPhraseSchema);

/** Every answer is the caller's whole list in its order, so a client never re-sorts. */
export const quickPhraseSchemas = {
  list: { response: list, errors: [] },
  add: { body: addQuickPhraseBody, response: list, errors: ['quickPhraseLimit'], okMsg: '添加成功' },
  sort: { body: sortQuickPhrasesBody, response: list, errors: ['quickPhraseNotFound'] },
  update: { body: updateQuickPhraseBody, response: list, errors: ['quickPhraseNotFound'], okMsg: '修改成功' },
  remove: {
    body: deleteQuickPhrasesBody,
    response: list,
    errors: ['quickPhraseNotFound'],
    okMsg: '删除成功',
  },
} as const satisfies SchemasOf<typeof quickPhraseRoutes>;
