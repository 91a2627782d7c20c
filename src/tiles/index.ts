export * from './tile.js';
export * from './counts.js';
export * from './notation.js';
