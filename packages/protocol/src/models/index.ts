export * from './common.js';
export * from './user.js';
export * from './friends.js';
export * from './tags.js';
export * from './uploads.js';
export * from './messages.js';
export * from './calls.js';
