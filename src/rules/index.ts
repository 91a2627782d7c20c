export * from './types.js';
export * from './procedure.js';
