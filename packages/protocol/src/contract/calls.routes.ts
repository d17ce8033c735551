import { get, post } from './define.js';

/** One-to-one calls (state, ICE servers), the daily call-time record (/media/*) and membership. */
export const callRoutes = {
  current: get('/call/current'),
  iceServers: get('/call/iceServers'),
  checkCall: get('/media/checkCall'),
  mediaCall: post('/media/call'),
  uploadCall: post('/media/uploadCall'),
  exitCall: post('/media/exitCall'),
  memberInfo: get('/member/info'),
  groupCallInfo: post('/call/groupCall/info'),
} as const;
