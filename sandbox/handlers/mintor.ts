// The public 4-question mini-assessment: texts, registration, section 1 and section 2 with the result,
// stored for the coach's mini-assessments table (spec public-and-guest §2, §3, §4 "Mini-assessment", §5; coach-shell §2.4).
import { randomUUID } from 'node:crypto';
import { legacyDateTime } from '../domain/dates.ts';
import { MINI_TRANSLATIONS, miniQuestions, miniResult, scoreMini } from '../domain/mini-assessment.ts';
import type { MiniAssessmentRecord } from '../state/model.ts';
import type { Store } from '../state/store.ts';
import { badRequest, type Handlers } from './context.ts';

export const MINI_LINK_INVALID = 'This mini-assessment link is not valid.';
export const MINI_NOT_FOUND = 'This mini-assessment was not found.';
export const MINI_SECTION_ANSWERS = 'Please answer every question of this section.';

function record(store: Store, uniqueId: string): MiniAssessmentRecord {
  const found = store.miniAssessments.get(uniqueId);
  if (!found) throw badRequest(MINI_NOT_FOUND);
  if (found.section2CompletedAt) throw badRequest('This mini-assessment has already been completed.');
  return found;
}

export const mintorHandlers: Handlers = {
  initMiniAssessment: () => ({ translations: MINI_TRANSLATIONS }),

  startMiniAssessment: ({ body, store, clock }) => {
    const coach = store.coaches.get(body.coachUUID);
    // spec coach-shell §2.1: the offering exists only for coaches with mini-assessments enabled.
    if (!coach?.enableMiniAssessment || coach.isBlocked) throw badRequest(MINI_LINK_INVALID);
    const { name, surname, email } = body.registrationData;
    if (name.trim() === '' || surname.trim() === '') throw badRequest('Please enter your name, surname and a valid email address.');
    const uniqueId = randomUUID();
    store.miniAssessments.set(uniqueId, {
      uniqueId,
      coachUuid: coach.uuid,
      createdAt: legacyDateTime(new Date(clock.now())),
      localLanguage: body.localLanguage,
      name: name.trim(),
      surname: surname.trim(),
      email: email.trim(),
      section2CompletedAt: null,
      ennea: null,
      trifix: null,
      responses: {},
    });
    return { questions: miniQuestions(body.localLanguage, 1), coach: { displayName: `${coach.name} ${coach.surname}` }, uniqueId };
  },

  completeMiniSection1: ({ body, store }) => {
    const mini = record(store, body.uniqueId);
    const { q1, q2, q3 } = body.responses;
    if (!q1 || !q2 || !q3 || body.responses.q4) throw badRequest(MINI_SECTION_ANSWERS);
    mini.responses = { q1, q2, q3 };
    return { questions: miniQuestions(mini.localLanguage, 2) };
  },

  completeMiniSection2: ({ body, store, clock }) => {
    const mini = record(store, body.uniqueId);
    const { q1, q2, q3 } = mini.responses;
    if (!q1 || !q2 || !q3) throw badRequest('Please complete the first section first.');
    const { q4 } = body.responses;
    if (!q4 || Object.keys(body.responses).length !== 1) throw badRequest(MINI_SECTION_ANSWERS);
    const result = scoreMini({ q1, q2, q3, q4 });
    mini.responses = { q1, q2, q3, q4 };
    mini.ennea = result.ennea;
    mini.trifix = result.trifix;
    mini.section2CompletedAt = legacyDateTime(new Date(clock.now()));
    return miniResult(mini.localLanguage, result);
  },
};
