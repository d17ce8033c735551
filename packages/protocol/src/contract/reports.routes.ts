import { post } from './define.js';

/** Reports of users and groups, and the dictionaries of report types. */
export const reportRoutes = {
  add: post('/complaint/add'),
  dict: post('/dict/data/getListByDictType'),
} as const;
