export * from './decompose.js';
