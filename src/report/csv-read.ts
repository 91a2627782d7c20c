/**
 * Reading back the CSVs mjlab writes (csv-stringify's RFC 4180 quoting: a field with a comma, quote or newline is
 * quoted, quotes doubled), as rows keyed by the header. The leaderboard and report.html are made from a run's own
 * files, so they read exactly what a user would open.
 */

/** Fields of every record of `text`. */
export function csvRecords(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      out.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    out.push(row);
  }
  return out;
}

/** Rows of a CSV with a header line, as objects keyed by column name. */
export function csvRows(text: string): Record<string, string>[] {
  const [head, ...rest] = csvRecords(text);
  if (!head) return [];
  return rest.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i] ?? ''])));
}
