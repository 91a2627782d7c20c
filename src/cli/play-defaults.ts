/** `mjlab play`'s defaults, shared by its options (commands/play.ts) and the command (play-command.ts). */
export const DEFAULT_PORT = 8017;
export const DEFAULT_RECORD_DIR = 'results/play';
