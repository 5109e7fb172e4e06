import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../../generated/bff.ts';
import { isProblem } from './problem.ts';
import { reportApiActivity, reportSessionEnded } from './session/session-events.ts';

/** The header the BFF requires on state-changing calls (CSRF): the middleware below adds it to every call. */
const CSRF_HEADER = { name: 'X-CSRF', value: '1' } as const;

/**
 * Asking whether there is a session (the login page, a reload of a coach page) answers 401 when there is
 * none: that is "not signed in", not "your session ended". Treating it as an ending cleared the cache,
 * which asked again, in a loop, and a late answer could end a session signed in meanwhile.
 */
const isSessionProbe = (method: string, schemaPath: string) => method === 'GET' && schemaPath === '/api/session';

/**
 * The coach area asks for updates by itself while a screen is visible (getUpdates): that is not the coach at work,
 * and counting it would keep an idle session alive for as long as a tab is left open.
 */
const isBackgroundPoll = (method: string, schemaPath: string) => method === 'GET' && schemaPath === '/api/updates';

const portalMiddleware: Middleware = {
  onRequest({ request }) {
    // The BFF refuses state-changing calls without it (CSRF); harmless on reads.
    request.headers.set(CSRF_HEADER.name, CSRF_HEADER.value);
    return request;
  },
  async onResponse({ request, response, schemaPath }) {
    if (response.ok) {
      if (!isBackgroundPoll(request.method, schemaPath)) reportApiActivity();
    } else if (response.status === 401 && !isSessionProbe(request.method, schemaPath)) {
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => null);
      if (isProblem(body) && body.code === 'session_ended') reportSessionEnded();
    }
    return response;
  },
};

/** The one typed client of the BFF (types generated from openapi/bff.yaml); never a hand-built URL. */
export const api = createClient<paths>({ baseUrl: globalThis.location?.origin ?? 'http://localhost', credentials: 'same-origin' });
api.use(portalMiddleware);
