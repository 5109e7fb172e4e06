import { useEffect, useReducer } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/local-storage.ts';
import { problemMessage } from '../../../lib/problem.ts';
import {
  type MiniAnswer,
  type MiniLanguage,
  useMiniTranslations,
  useStartMiniAssessment,
  useSubmitMiniSection1,
  useSubmitMiniSection2,
} from '../api/mini-api.ts';
import { isMiniStep, miniReducer, restoreStep, submitAction } from './mini-steps.ts';

export interface RegistrationForm {
  name: string;
  surname: string;
  email: string;
}

/**
 * The mini-assessment of one link: its step (saved per link and restored on reload, spec:
 * public-and-guest §4), the page texts, and the actions that call the BFF. `busy` while a call runs.
 */
export function useMiniAssessment(coachUuid: string) {
  const storageKey = STORAGE_KEYS.miniProgress(coachUuid);
  const [state, dispatch] = useReducer(miniReducer, storageKey, (key) => restoreStep(readJson(key, isMiniStep)));
  const texts = useMiniTranslations();
  const start = useStartMiniAssessment();
  const section1 = useSubmitMiniSection1();
  const section2 = useSubmitMiniSection2();
  const busy = start.isPending || section1.isPending || section2.isPending;
  const failed = (failure: unknown) => dispatch({ type: 'failed', message: problemMessage(failure) });

  useEffect(() => writeJson(storageKey, state), [storageKey, state]);

  // The texts are needed on every step: without them the error step shows (a new failure each time).
  useEffect(() => {
    if (texts.error) dispatch({ type: 'failed', message: problemMessage(texts.error) });
  }, [texts.error]);

  const register = (form: RegistrationForm) => {
    if (state.step !== 'registration') return;
    const { language } = state;
    start.mutate(
      { params: { path: { coachUuid } }, body: { language, ...form } },
      {
        onSuccess: ({ uniqueId, questions, coach }) => dispatch({ type: 'started', uniqueId, questions, coach: coach.displayName.trim() }),
        onError: failed,
      },
    );
  };

  const submitQuestion = () => {
    if (state.step !== 'question') return;
    const { q1, q2, q3, q4 } = state.answers;
    const action = submitAction(state);
    if (action === 'next') dispatch({ type: 'next' });
    if (action === 'section1' && q1 && q2 && q3) {
      section1.mutate(
        { params: { path: { uniqueId: state.uniqueId } }, body: { answers: { q1, q2, q3 } } },
        { onSuccess: ({ questions }) => dispatch({ type: 'section1Completed', questions }), onError: failed },
      );
    }
    if (action === 'section2' && q4) {
      section2.mutate(
        { params: { path: { uniqueId: state.uniqueId } }, body: { answers: { q4 } } },
        { onSuccess: (result) => dispatch({ type: 'section2Completed', result }), onError: failed },
      );
    }
  };

  return {
    state,
    translations: texts.data ?? null,
    busy,
    chooseLanguage: (language: MiniLanguage) => dispatch({ type: 'chooseLanguage', language }),
    continueToRegistration: () => dispatch({ type: 'continue' }),
    register,
    answer: (answer: MiniAnswer) => dispatch({ type: 'answer', answer }),
    submitQuestion,
    restart: () => {
      dispatch({ type: 'restart' });
      // After a failure the texts are asked for again once the visitor starts over.
      if (texts.isError) void texts.refetch();
    },
  };
}
