/**
 * The opponent model of search's worlds lives with the inference over worlds (src/infer/opponent-model.ts), where
 * strategies/search.ts imports it from; this name, which the committed experiments' READMEs cite, leads there.
 */
export { MAX_TURNS, MEDIAN_SHANTEN, opponentGuide } from '../src/infer/opponent-model.js';
