// The review of a select-all on a large account (spec assessments-and-clients §2.2, §4.3, §4.7) against the sandbox
// legacy API with 20,000 assessments: every "Not invited yet" record selected, one of them received from another
// coach. The summary says how many are received and whose, so that Send Invites/Reminders can offer to go on
// without them; a send that still holds one is refused whole with the spec's text.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIVED_SELECTION } from '../../domain/assessment-batch-rules.ts';
import { requestWithSession } from '../../test-support/bff-session.ts';
import { type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';

type Ids = { ids: string[]; filteredTotal: number };

let env: SandboxBff;
let server: FastifyInstance;
let session: string;

const call = (method: 'GET' | 'POST', url: string, payload?: object) => requestWithSession(server, session, method, url, payload);

beforeAll(async () => {
  env = await startSandboxBff({ assessments: 20_000 });
  server = env.server;
  session = await env.signIn();
}, 120_000);
afterAll(() => env?.close());

describe('the summary of a select-all of 20,000 assessments holding a received one', () => {
  it("counts the received assessments and names their clients; a send holding one is refused with the spec's text", async () => {
    const all = (await call('GET', '/api/assessments/ids?filter=showAll')).json() as Ids;
    expect(all.filteredTotal).toBeGreaterThanOrEqual(20_000);
    const notInvited = (await call('GET', '/api/assessments/ids?filter=notInvitedYet')).json() as Ids;
    const received = (await call('GET', '/api/assessments/ids?filter=receivedScos')).json() as Ids;
    expect(notInvited.filteredTotal).toBeGreaterThan(1000);
    const receivedIds = new Set(received.ids);
    const own = notInvited.ids.filter((id) => !receivedIds.has(id));
    const [one] = received.ids;
    if (!one) throw new Error('the demo coach has received no assessment');
    // The coach's own "Not invited yet" records with one received record in the middle, as a select-all gives them.
    const ids = [...own.slice(0, 1000), one, ...own.slice(1000)];
    const [name] = (await call('POST', '/api/assessments/details', { ids: [one] }))
      .json()
      .items.map((item: { clientName: string; clientSurname: string }) => `${item.clientName} ${item.clientSurname}`.trim());

    const summary = await call('POST', '/api/assessments/selection-summaries', { ids, names: 10 });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({ total: ids.length, received: 1, receivedNames: [name] });

    // The coach insists on sending to the whole selection: refused whole, before anything is sent, with the spec's text.
    const insisted = await call('POST', '/api/assessments/invites', { ids, serverSend: true });
    expect(insisted.statusCode).toBe(400);
    expect(insisted.json()).toMatchObject({ code: 'received_from_another_coach', detail: RECEIVED_SELECTION });

    // Without it, the summary has nothing received: what the dialog's "Go on without it" sends.
    const without = await call('POST', '/api/assessments/selection-summaries', { ids: own, names: 10 });
    expect(without.json()).toMatchObject({ total: own.length, received: 0, receivedNames: [] });
  }, 120_000);
});
