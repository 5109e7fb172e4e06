// The client's side of an assessment link (spec assessments-and-clients §2.1 /register/token?userToken=): the link of
// an invite the coach sent opens on the sandbox's host, says who invited the client to which assessment, and its two
// steps register, then complete the assessment, as the coach's legacy list then shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor } from '../controls/outbox.ts';
import { SEED_COACHES } from '../seed/accounts.ts';
import { ownAssessments } from '../state/store.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';
import { CLIENT_LINK_PATH } from './client-assessment.ts';

const demo = SEED_COACHES.demo;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('GET/POST /register/token (the client opens the link of an invite)', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  beforeAll(async () => {
    sandbox = await testSandbox();
    cookie = await signIn(sandbox.app, demo.email);
  });
  afterAll(() => sandbox.app.close());

  const listed = async (uuid: string) => {
    const answer = await sandbox.app.inject({ url: `/api/v2/coaches/${demo.uuid}/tokensX`, headers: { cookie } });
    return (answer.json() as { uuid: string; userRegistration: number; guestRegisteredAt: string | null }[]).find((a) => a.uuid === uuid);
  };
  const step = (userToken: string, name: string) =>
    sandbox.app.inject({
      method: 'POST',
      url: CLIENT_LINK_PATH,
      headers: FORM,
      payload: new URLSearchParams({ userToken, step: name }).toString(),
    });

  it('opens the invite, then starts and completes the assessment as the coach then sees it', async () => {
    const assessment = ownAssessments(sandbox.store, demo.uuid).find(
      (a) => a.assessmentType === 'ennea' && a.userInvite === 0 && a.guestCompletedAt === null,
    );
    if (!assessment) throw new Error('the seed has no Enneagram not invited yet');
    const client = sandbox.store.clients.get(assessment.clientUUID);
    const coach = sandbox.store.coaches.get(demo.uuid);
    const sent = await sandbox.app.inject({ url: `/api/v2/tokens/${assessment.uuid}/sendinvite?serverSend=true`, headers: { cookie } });
    expect(sent.statusCode).toBe(200);
    const [invite] = outboxFor(sandbox.store, client?.email ?? '');
    const link = new URL(invite?.links.find((url) => url.includes(CLIENT_LINK_PATH)) ?? '');
    expect(link.pathname).toBe(CLIENT_LINK_PATH);
    expect(link.searchParams.get('userToken')).toBe(assessment.userToken);

    const opened = await sandbox.app.inject({ url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain(`<h1>Enneagram assessment</h1>`);
    expect(opened.body).toContain(`Dear ${client?.name},`);
    expect(opened.body).toContain(`${coach?.name} ${coach?.surname} (${demo.email}) has invited you to complete the Enneagram assessment.`);
    expect(opened.body).toContain('Start the assessment');
    expect((await listed(assessment.uuid))?.userRegistration).toBe(0);

    const started = await step(assessment.userToken, 'start');
    expect(started.statusCode).toBe(303);
    expect(started.headers.location).toBe(`${CLIENT_LINK_PATH}?userToken=${assessment.userToken}`);
    expect(await listed(assessment.uuid)).toMatchObject({
      userRegistration: 1,
      guestRegisteredAt: '2025-11-20 10:00:00',
      guestCompletedAt: null,
    });
    const startedPage = await sandbox.app.inject({ url: started.headers.location as string });
    expect(startedPage.body).toContain('Complete the assessment');

    expect((await step(assessment.userToken, 'complete')).statusCode).toBe(303);
    expect(await listed(assessment.uuid)).toMatchObject({ userCompletion: 1, guestCompletedAt: '2025-11-20 10:00:00', marked: 1 });
    const donePage = await sandbox.app.inject({ url: `${link.pathname}${link.search}` });
    expect(donePage.body).toContain('You have completed the assessment.');
    expect(donePage.body).not.toContain('<form');
  });

  it('answers a token it does not know as a link that is not valid, and a step it does not know 400', async () => {
    const unknown = await sandbox.app.inject({ url: `${CLIENT_LINK_PATH}?userToken=nobody` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This assessment link is not valid.');
    expect((await sandbox.app.inject({ url: CLIENT_LINK_PATH })).statusCode).toBe(404);
    const [any] = ownAssessments(sandbox.store, demo.uuid);
    expect((await step(any?.userToken ?? '', 'skip')).statusCode).toBe(400);
    expect((await step('nobody', 'start')).statusCode).toBe(404);
  });
});
