export * from './labels.js';
export * from './texts.js';
