/**
 * spec public-and-guest §2 "Reset password": "the reset code is read from the query string (the
 * value after the equals sign)": `?code=abc` gives `abc`; a link with another name keeps working.
 */
export function resetCodeFromQuery(search: string): string | null {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const named = new URLSearchParams(query).get('code');
  if (named) return named;
  const equals = query.indexOf('=');
  if (equals < 0) return null;
  const raw = query.slice(equals + 1).split('&', 1)[0] ?? '';
  let value = raw;
  try {
    value = decodeURIComponent(raw);
  } catch {
    // A malformed escape: the code as written; the BFF decides whether it is valid.
  }
  return value === '' ? null : value;
}
