/** The built-in strategies, registered by name (one file per strategy). */
import type { Strategy } from '../src/agent/types.js';
import { random } from './random.js';
import { greedy } from './greedy.js';
import { chowMixer } from './chow-mixer.js';
import { suitHunter } from './suit-hunter.js';
import { defender } from './defender.js';
import { harr } from './harr.js';
import { search } from './search.js';
import { net } from './net.js';

export const builtinStrategies: readonly Strategy[] = [random, greedy, chowMixer, suitHunter, defender, harr, search, net];
