// The admin tool's "impersonate this coach" as a sandbox-only control (spec public-and-guest §2 "Session check",
// §6 "Impersonation or assist"): POST /__sandbox/impersonate { adminEmail?, coachEmail, redirectTo? } starts a
// legacy session for the coach marked with the administrator as impersonator and sets its cookies, so a browser
// then opening the portal's session check page is allowed (checkForValidSession). Cookies ignore the port, so
// a cookie set by the sandbox on localhost reaches the BFF on localhost, but not one set on 127.0.0.1: when the
// sandbox knows the portal (`portalUrl`), its form opens on the portal's host name and leads to the portal's
// session check, whichever address it was opened at. A browser's form gets its refusals as a page, not as JSON.
// Not part of the legacy contract; always on (a demo affordance, not a fault); never used in production.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../files/html.ts';
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

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)} (sandbox)</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;

/** Whether the request is the form a browser posts (its answers are pages), not a script's JSON. */
const fromForm = (request: FastifyRequest) => String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

function refuse(request: FastifyRequest, reply: FastifyReply, info: string) {
  if (!fromForm(request)) return reply.code(400).send({ error: { info } });
  const form = `<p><a href="${IMPERSONATE_PATH}">Back to the form</a></p>`;
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(page('Impersonation refused', `<p>${escapeHtml(info)}</p>\n${form}`));
}

/** The portal's session check page (`portalUrl` is the portal's address, …/coachportal/). */
const sessionCheckOf = (portalUrl: string) => new URL('sessioncheck', portalUrl.endsWith('/') ? portalUrl : `${portalUrl}/`).toString();

/**
 * The impersonation form's address as the sandbox tells it: on the portal's host name when it knows the portal
 * (cookies go by host name, not port, so only there does the session reach the BFF), else its own address.
 */
export function impersonationUrl(config: Pick<SandboxConfig, 'publicUrl' | 'portalUrl'>): string {
  const url = new URL(IMPERSONATE_PATH, config.publicUrl);
  if (config.portalUrl) url.hostname = new URL(config.portalUrl).hostname;
  return url.toString();
}

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
  const portalHost = config.portalUrl ? new URL(config.portalUrl).hostname : undefined;

  app.get<{ Querystring: { redirectTo?: string } }>(IMPERSONATE_PATH, async (request, reply) => {
    // Opened on another host name than the portal's (127.0.0.1 for localhost): the same form on the portal's,
    // or the session would start where the BFF never sees its cookie.
    if (portalHost && request.hostname !== portalHost) {
      const onPortalHost = new URL(request.url, `${request.protocol}://${request.host}`);
      onPortalHost.hostname = portalHost;
      return reply.redirect(onPortalHost.toString(), 303);
    }
    const redirectTo = redirectTarget(request, request.query.redirectTo) ?? (config.portalUrl ? sessionCheckOf(config.portalUrl) : '');
    const coaches = [...store.coaches.values()].filter((coach) => !coach.isAdmin);
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Impersonate a coach',
        `<p>The admin tool's impersonation, played by the sandbox: it starts a legacy session for the coach, marked as impersonated.</p>
<form method="post" action="${IMPERSONATE_PATH}">
<label for="coachEmail">Coach</label>
<select id="coachEmail" name="coachEmail">
${coaches.map((coach) => `<option value="${escapeHtml(coach.email)}">${escapeHtml(`${coach.name} ${coach.surname} <${coach.email}>`)}</option>`).join('\n')}
</select>
<label for="redirectTo">Then open</label>
<input id="redirectTo" name="redirectTo" value="${escapeHtml(redirectTo)}" placeholder="the portal's session check page">
<button type="submit">Impersonate</button>
</form>`,
      ),
    );
  });

  // Where 'Return to Coaches' (an impersonator's logout) lands in the demo: the real admin application is not here.
  app.get(ADMIN_COACHES_PATH, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(
      page(
        'Coaches',
        `<p>The admin application's coach list, where an administrator returns after impersonating a coach. The sandbox stands in for it: the real list is not part of the portal.</p>
<p><a href="${IMPERSONATE_PATH}">Impersonate another coach</a></p>`,
      ),
    ),
  );

  app.post(IMPERSONATE_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as ImpersonateBody;
    const admin = typeof body.adminEmail === 'string' && body.adminEmail !== '' ? coachByEmail(store, body.adminEmail) : firstAdmin(store);
    if (!admin?.isAdmin || admin.isBlocked) return refuse(request, reply, 'adminEmail must name an administrator who is not blocked.');
    const coach = typeof body.coachEmail === 'string' ? coachByEmail(store, body.coachEmail) : undefined;
    if (!coach || coach.isAdmin) return refuse(request, reply, 'coachEmail must name a coach.');
    const redirectTo = redirectTarget(request, body.redirectTo);
    if (redirectTo === null)
      return refuse(
        request,
        reply,
        `redirectTo must be a path or a URL on this host name (${request.hostname}): the session's cookie is set for it.`,
      );
    const session = createSession(store, config, clock.now(), { coachUuid: coach.uuid, assistantUuid: null, impersonatorUuid: admin.uuid });
    setSessionCookies(reply, session, config);
    if (redirectTo) return reply.redirect(redirectTo, 303);
    if (fromForm(request))
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Impersonating',
            `<p>A session for ${escapeHtml(coach.email)} has started: open the portal's session check page on this host name.</p>`,
          ),
        );
    return { allowed: true, coach: sessionCoachView(store, session) };
  });
}
