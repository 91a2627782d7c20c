export * from './decompose.js';
export * from './shanten.js';
