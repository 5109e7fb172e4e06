// The sandbox app: the legacy contract drives routes and request validation (fastify-openapi-glue),
// handlers are keyed by operationId, and an operation without a handler answers 501, never a fake 200.
import cookie from '@fastify/cookie';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type HTTPMethods } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { type JsonObject, LEGACY_CONTRACT_FILE, listOperations, loadYaml } from '../contract/operations.ts';
import { registerCompletions } from './controls/completions.ts';
import { registerImpersonation } from './controls/impersonate.ts';
import { registerMessages } from './controls/messages.ts';
import { registerOutbox } from './controls/outbox.ts';
import { registerPolicyAssignments } from './controls/policy-assignments.ts';
import { registerSamples } from './controls/samples.ts';
import { registerFaults } from './faults/faults-plugin.ts';
import type { FaultSwitches } from './faults/switches.ts';
import {
  type Clock,
  type Ctx,
  FileAnswer,
  type Handlers,
  LegacyError,
  type OperationId,
  type SandboxConfig,
  type UploadInfo,
} from './handlers/context.ts';
import { allHandlers } from './handlers/index.ts';
import { runDueWork } from './handlers/scheduled-work.ts';
import { readSession, SESSION_COOKIE, setSessionCookies } from './handlers/session-cookies.ts';
import { CARD_PROVIDER_HOST, registerCardProvider } from './providers/card-provider.ts';
import { registerClientAssessment } from './providers/client-assessment.ts';
import { registerPayPalApi } from './providers/paypal-api.ts';
import { registerPayPalSdk } from './providers/paypal-sdk.ts';
import type { SessionRecord } from './state/model.ts';
import type { Store } from './state/store.ts';

export interface SandboxOptions {
  store: Store;
  clock?: Clock;
  config?: Partial<SandboxConfig>;
  /** Fault switches; only present when enabled (SANDBOX_FAULTS=1). */
  faults?: FaultSwitches;
  handlers?: Handlers;
  logger?: boolean;
}

export const defaultConfig: SandboxConfig = {
  portalVersion: '20251030t113749',
  sessionMinutes: 60,
  supportEmail: 'support@coachportal.test',
  publicUrl: 'http://localhost:4010',
  reportReadySeconds: 20,
  paymentSettleSeconds: 60,
  cardProviderHost: CARD_PROVIDER_HOST,
};

type Security = 'session' | 'mini' | 'public';

export async function buildSandbox(options: SandboxOptions): Promise<FastifyInstance> {
  const { store } = options;
  const clock = options.clock ?? { now: () => Date.now() };
  const config = { ...defaultConfig, ...options.config };
  const handlers = options.handlers ?? allHandlers;
  const specification = loadYaml(LEGACY_CONTRACT_FILE);
  const security = securityByOperation(specification);
  const sessions = new WeakMap<FastifyRequest, SessionRecord>();
  const uploads = new WeakMap<FastifyRequest, Map<string, UploadInfo>>();

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 20 * 1024 * 1024,
    // The contract carries x-* annotations (x-unspecified) that strict Ajv would refuse.
    ajv: { customOptions: { strict: false } },
  });
  await app.register(cookie);

  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, async (request: FastifyRequest, body: Buffer) => {
    const form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': String(request.headers['content-type']) },
    }).formData();
    const fields: Record<string, string> = {};
    const files = new Map<string, UploadInfo>();
    for (const [name, value] of form) {
      if (typeof value === 'string') {
        fields[name] = value;
      } else {
        // Bytes as a latin1 string: its length is the byte count, so the contract's maxLength bounds the size.
        fields[name] = Buffer.from(await value.arrayBuffer()).toString('latin1');
        files.set(name, { filename: value.name, contentType: value.type });
      }
    }
    uploads.set(request, files);
    return fields;
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, async (_request: FastifyRequest, body: string) =>
    Object.fromEntries(new URLSearchParams(body)),
  );

  if (options.faults) registerFaults(app, options.faults);
  // Sandbox-only routes outside the legacy contract (sandbox/README.md): the admin tool's impersonation, the outbox, policy assignments, sample reports,
  // the payment providers' stand-ins and the client's side of an assessment link. Always on: they are demo affordances, not faults.
  registerImpersonation(app, store, clock, config);
  registerOutbox(app, store);
  registerPolicyAssignments(app, store, clock);
  registerMessages(app, store, clock);
  registerCompletions(app, store, clock);
  registerSamples(app);
  registerPayPalApi(app, store, clock, config);
  registerPayPalSdk(app, store);
  registerCardProvider(app, config);
  registerClientAssessment(app, store, clock);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof LegacyError) return reply.code(error.statusCode).send({ error: { info: error.message } });
    if (error.validation) return reply.code(400).send({ error: { info: error.message } });
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ error: { info: error.message } });
    }
    request.log.error(error);
    return reply.code(500).send({ error: { info: 'Internal error in the sandbox.' } });
  });

  const checkSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = readSession(store, request.cookies[SESSION_COOKIE], clock.now());
    if (!session) {
      // The session check page asks whether there is a session; "no" is an answer there, not a 403.
      if (request.routeOptions.config.operationId === 'checkValidSession') return;
      throw new LegacyError(403, 'Forbidden - please log in again.');
    }
    sessions.set(request, session);
    // spec public-and-guest §4 "Session": every successful call resets the logout timer.
    session.expiresAt = clock.now() + config.sessionMinutes * 60_000;
    setSessionCookies(reply, session, config);
  };
  const checkMiniAccess = async (request: FastifyRequest) => {
    // spec public-and-guest §6: the mini-assessment calls carry a fixed access header.
    if (!request.headers['x-mini-access']) throw new LegacyError(400, 'The mini-assessment access header is missing.');
  };

  const resolve = (operationId: string, method: string, openapiPath: string) => {
    const id = operationId as OperationId;
    const handler = handlers[id] as ((ctx: Ctx<OperationId>) => unknown) | undefined;
    const guard = security.get(operationId);
    const onRequest = guard === 'session' ? checkSession : guard === 'mini' ? checkMiniAccess : undefined;
    return {
      method: method as HTTPMethods,
      url: openapiPath.replace(/{(\w+)}/g, ':$1'),
      config: { operationId },
      ...(onRequest ? { onRequest } : {}),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        runDueWork(store, config, clock.now());
        if (!handler) return reply.code(501).send({ error: { info: `Not implemented in the sandbox: ${operationId}` } });
        const ctx = {
          operationId: id,
          params: request.params,
          query: request.query,
          body: request.body,
          session: sessions.get(request) ?? null,
          uploads: uploads.get(request) ?? new Map(),
          store,
          clock,
          config,
          request,
          reply,
        } as Ctx<OperationId>;
        const answer = await handler(ctx);
        if (answer instanceof FileAnswer) {
          reply.type(answer.contentType);
          if (answer.filename) reply.header('content-disposition', `attachment; filename="${answer.filename}"`);
          return reply.send(answer.body);
        }
        if (answer === undefined) return reply.code(200).send();
        return answer;
      },
    };
  };

  await app.register(openapiGlue, { specification, operationResolver: resolve });
  return app;
}

/** Which guard each operation needs: the root default is the session cookie (contract `security`). */
function securityByOperation(specification: JsonObject): Map<string, Security> {
  const result = new Map<string, Security>();
  for (const { operationId, security } of listOperations(specification)) {
    const names = security.flatMap((requirement) => Object.keys(requirement));
    result.set(operationId, names.includes('legacySession') ? 'session' : names.includes('miniAccess') ? 'mini' : 'public');
  }
  return result;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    operationId?: string;
  }
}
