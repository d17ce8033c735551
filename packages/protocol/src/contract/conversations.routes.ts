import { post } from './define.js';

/** The caller's conversations: list, read cursor, pin, mute, marks, remark, drafts, delete. */
export const conversationRoutes = {
  list: post('/conversation/list'),
  get: post('/conversation/get'),
  read: post('/conversation/read'),
  pin: post('/conversation/pin'),
  mute: post('/conversation/mute'),
  mark: post('/conversation/mark'),
  customData: post('/conversation/customData'),
  draft: post('/conversation/draft'),
  remove: post('/conversation/delete'),
  clearHistory: post('/conversation/clearHistory'),
  search: post('/conversation/search'),
} as const;
