/** The opponent model of search's worlds lives with the inference over worlds (src/infer/opponent-model.ts). */
export { MAX_TURNS, MEDIAN_SHANTEN, opponentGuide } from '../src/infer/opponent-model.js';
