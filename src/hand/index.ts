export * from './decompose.js';
export * from './shanten.js';
export * from './live.js';
