/** The built-in strategies, registered by name (one file per strategy). */
import type { Strategy } from '../src/agent/types.js';
import { random } from './random.js';
import { greedy } from './greedy.js';

export const builtinStrategies: readonly Strategy[] = [random, greedy];
