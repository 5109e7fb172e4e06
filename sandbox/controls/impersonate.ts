// The admin tool's "impersonate this coach" as a sandbox-only control (spec public-and-guest §2 "Session check",
// §6 "Impersonation or assist"): POST /__sandbox/impersonate { adminEmail?, coachEmail, redirectTo? } starts a
// legacy session for the coach marked with the administrator as impersonator and sets its cookies, so a browser
// then opening the portal's session check page is allowed (checkForValidSession). Cookies ignore the port, so
// a cookie set by the sandbox on localhost reaches the BFF on localhost. Not part of the legacy contract;
// always on (a demo affordance, not a fault); never used in production.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock, SandboxConfig } from '../handlers/context.ts';
import { createSession, setSessionCookies } from '../handlers/session-cookies.ts';
import type { CoachRecord } from '../state/model.ts';
import { coachByEmail, type Store } from '../state/store.ts';
import { sessionCoachView } from '../state/views.ts';

export const IMPERSONATE_PATH = '/__sandbox/impersonate';
/** The admin application's coach list as the sandbox stands in for it (ADMIN_COACHES_URL of the demo BFF). */
export const ADMIN_COACHES_PATH = '/__sandbox/admin/coaches';

interface ImpersonateBody {
  adminEmail?: unknown;
  coachEmail?: unknown;
  redirectTo?: unknown;
}

const refuse = (reply: FastifyReply, info: string) => reply.code(400).send({ error: { info } });

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** A path, or an http(s) URL on the host the cookie was set for (another host would not get the cookie). */
function redirectTarget(request: FastifyRequest, value: unknown): string | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return ['http:', 'https:'].includes(url.protocol) && url.hostname === request.hostname ? value : null;
}

function firstAdmin(store: Store): CoachRecord | undefined {
  return [...store.coaches.values()].find((coach) => coach.isAdmin && !coach.isBlocked);
}

export function registerImpersonation(app: FastifyInstance, store: Store, clock: Clock, config: SandboxConfig): void {
  app.get<{ Querystring: { redirectTo?: string } }>(IMPERSONATE_PATH, async (request, reply) => {
    const redirectTo = redirectTarget(request, request.query.redirectTo) ?? '';
    const coaches = [...store.coaches.values()].filter((coach) => !coach.isAdmin);
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Impersonate a coach (sandbox)</title></head>
<body>
<main>
<h1>Impersonate a coach</h1>
<p>The admin tool's impersonation, played by the sandbox: it starts a legacy session for the coach, marked as impersonated.</p>
<form method="post" action="${IMPERSONATE_PATH}">
<label for="coachEmail">Coach</label>
<select id="coachEmail" name="coachEmail">
${coaches.map((coach) => `<option value="${escapeHtml(coach.email)}">${escapeHtml(`${coach.name} ${coach.surname} <${coach.email}>`)}</option>`).join('\n')}
</select>
<label for="redirectTo">Then open</label>
<input id="redirectTo" name="redirectTo" value="${escapeHtml(redirectTo)}" placeholder="the portal's session check page">
<button type="submit">Impersonate</button>
</form>
</main>
</body>
</html>
`);
  });

  // Where 'Return to Coaches' (an impersonator's logout) lands in the demo: the real admin application is not here.
  app.get(ADMIN_COACHES_PATH, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Coaches (sandbox)</title></head>
<body>
<main>
<h1>Coaches</h1>
<p>The admin application's coach list, where an administrator returns after impersonating a coach. The sandbox stands in for it: the real list is not part of the portal.</p>
<p><a href="${IMPERSONATE_PATH}">Impersonate another coach</a></p>
</main>
</body>
</html>
`),
  );

  app.post(IMPERSONATE_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as ImpersonateBody;
    const admin = typeof body.adminEmail === 'string' && body.adminEmail !== '' ? coachByEmail(store, body.adminEmail) : firstAdmin(store);
    if (!admin?.isAdmin || admin.isBlocked) return refuse(reply, 'adminEmail must name an administrator who is not blocked.');
    const coach = typeof body.coachEmail === 'string' ? coachByEmail(store, body.coachEmail) : undefined;
    if (!coach || coach.isAdmin) return refuse(reply, 'coachEmail must name a coach.');
    const redirectTo = redirectTarget(request, body.redirectTo);
    if (redirectTo === null) return refuse(reply, 'redirectTo must be a path or a URL on this host name.');
    const session = createSession(store, config, clock.now(), { coachUuid: coach.uuid, assistantUuid: null, impersonatorUuid: admin.uuid });
    setSessionCookies(reply, session, config);
    if (redirectTo) return reply.redirect(redirectTo, 303);
    return { allowed: true, coach: sessionCoachView(store, session) };
  });
}
