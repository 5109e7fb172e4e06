// Reading an export's CSV back in tests (RFC 4180: quoted fields, doubled quotes, CRLF), its byte-order mark checked.

/** The rows of a CSV text that starts with a UTF-8 byte-order mark. */
export function parseCsv(text: string): string[][] {
  if (!text.startsWith('\uFEFF')) throw new Error('the CSV does not start with a byte-order mark');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.slice(1);
  for (let at = 0; at < body.length; at++) {
    const char = body[at];
    if (quoted) {
      if (char === '"' && body[at + 1] === '"') {
        field += '"';
        at++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && body[at + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      at++;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
