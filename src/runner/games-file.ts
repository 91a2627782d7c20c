/**
 * games.csv, streamed (issue 5, points 3 and 6): rows are appended batch by batch in game order and fsync'd
 * before the batch's checkpoint line is, so the checkpoint never claims rows that are not on disk.
 */
import { AppendFile } from './append-file.js';

export class GamesFile extends AppendFile {
  append(text: string): void {
    if (text.length > 0) this.appendBuffer(Buffer.from(text, 'utf8'));
  }
}
