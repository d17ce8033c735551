import { get, post } from './define.js';

/** The caller's profile, settings, search by ID / phone and badge counters. */
export const userRoutes = {
  info: get('/user/info'),
  config: get('/user/userConfig/getInfo'),
  updateConfig: post('/user/userConfig/update'),
  searchById: post('/user/searchById'),
  counters: get('/user/counters'),
  updateProfile: post('/user/updateProfile'),
} as const;
