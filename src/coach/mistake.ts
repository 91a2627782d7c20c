/**
 * What the coach calls a mistake (docs/replay.md, "A review"), in one place: the review's flag on each decision,
 * its summary's count and list, and the review page's mistake buttons (which step through that list) all come
 * from here. A mistake is a decision whose expected loss against the coach's move is at least MISTAKE_POINTS and
 * whose paired 95% interval, the one shown beside the loss, lies above 0: the coach counts what it shows.
 */
export const MISTAKE_POINTS = 2;

export const MISTAKE_RULE =
  `a mistake: an expected loss of at least ${MISTAKE_POINTS} points against the coach's move whose 95% interval (paired, as shown) lies above 0`;

/** Whether a decision of this loss, and this low end of its paired 95% interval, is a mistake. */
export function isMistake(loss: number, lossLow: number): boolean {
  return loss >= MISTAKE_POINTS && lossLow > 0;
}

/** A reviewed decision as the list of mistakes names it: hand and decision (from 1), and the event it answers. */
export interface MistakeAt {
  readonly hand: number;
  readonly decision: number;
  readonly event: number;
}

/** The mistakes among `decisions`, in the order of play: the list the summary counts and the page's buttons step through. */
export function mistakesOf(decisions: readonly (MistakeAt & { readonly mistake: boolean })[]): MistakeAt[] {
  return decisions.filter((d) => d.mistake).map((d) => ({ hand: d.hand, decision: d.decision, event: d.event }));
}
