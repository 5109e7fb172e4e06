// The bench's one sign-in: `POST /api/session` at the BFF (or the Fastify peer, which answers it alike) and the
// `__Host-portal_session` cookie it sets.
import { request } from 'undici';

/** The password every coach of the bench's stand-in accepts. */
export const BENCH_PASSWORD = 'bench-password';

/** Signs `email` in at `serverUrl`; answers the session cookie's `name=value`. */
export async function signIn(serverUrl: string, email: string): Promise<string> {
  const { statusCode, headers, body } = await request(`${serverUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  await body.dump();
  const pair = [headers['set-cookie'] ?? []]
    .flat()
    .map((cookie) => cookie.split(';', 1)[0] ?? '')
    .find((cookie) => cookie.startsWith('__Host-portal_session='));
  if (statusCode !== 200 || !pair) throw new Error(`sign-in of ${email} at ${serverUrl} answered ${statusCode}`);
  return pair;
}

let signIns = 0;

/** A new session of the coach with `rows` assessments, each with its own e-mail of that coach (`rows-<rows>.<n>@bench.test`). */
export function signInRowsCoach(serverUrl: string, rows: number): Promise<string> {
  signIns++;
  return signIn(serverUrl, `rows-${rows}.${signIns}@bench.test`);
}
