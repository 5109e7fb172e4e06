import { useCallback, useEffect, useReducer, useState } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/local-storage.ts';
import {
  fetchMiniTranslations,
  type MiniAnswer,
  type MiniLanguage,
  type MiniTranslations,
  startMiniAssessment,
  submitMiniSection1,
  submitMiniSection2,
} from '../api/mini-api.ts';
import { isMiniStep, miniReducer, restoreStep, submitAction } from './mini-steps.ts';

export interface RegistrationForm {
  name: string;
  surname: string;
  email: string;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The mini-assessment of one link: its step (saved per link and restored on reload, spec:
 * public-and-guest §4), the page texts, and the actions that call the BFF. `busy` while a call runs.
 */
export function useMiniAssessment(coachUuid: string) {
  const storageKey = STORAGE_KEYS.miniProgress(coachUuid);
  const [state, dispatch] = useReducer(miniReducer, storageKey, (key) => restoreStep(readJson(key, isMiniStep)));
  const [translations, setTranslations] = useState<MiniTranslations | null>(null);
  const [busy, setBusy] = useState(false);
  const failed = state.step === 'error';

  useEffect(() => writeJson(storageKey, state), [storageKey, state]);

  // The texts are needed on every step; after a failure they are asked for again once the visitor starts over.
  useEffect(() => {
    if (translations || failed) return;
    const controller = new AbortController();
    fetchMiniTranslations(controller.signal).then(
      (result) => {
        if (result.ok) setTranslations(result.value);
        else dispatch({ type: 'failed', message: result.message });
      },
      (error: unknown) => {
        if (!isAbort(error)) dispatch({ type: 'failed', message: String(error) });
      },
    );
    return () => controller.abort();
  }, [translations, failed]);

  const run = useCallback(async (call: () => Promise<void>) => {
    setBusy(true);
    try {
      await call();
    } finally {
      setBusy(false);
    }
  }, []);

  const register = (form: RegistrationForm) => {
    if (state.step !== 'registration') return;
    const { language } = state;
    void run(async () => {
      const result = await startMiniAssessment(coachUuid, { language, ...form });
      dispatch(
        result.ok
          ? { type: 'started', uniqueId: result.value.uniqueId, questions: result.value.questions }
          : { type: 'failed', message: result.message },
      );
    });
  };

  const submitQuestion = () => {
    if (state.step !== 'question') return;
    const { q1, q2, q3, q4 } = state.answers;
    const action = submitAction(state);
    if (action === 'next') dispatch({ type: 'next' });
    if (action === 'section1' && q1 && q2 && q3) {
      void run(async () => {
        const result = await submitMiniSection1(state.uniqueId, { q1, q2, q3 });
        dispatch(
          result.ok ? { type: 'section1Completed', questions: result.value.questions } : { type: 'failed', message: result.message },
        );
      });
    }
    if (action === 'section2' && q4) {
      void run(async () => {
        const result = await submitMiniSection2(state.uniqueId, { q4 });
        dispatch(result.ok ? { type: 'section2Completed', result: result.value } : { type: 'failed', message: result.message });
      });
    }
  };

  return {
    state,
    translations,
    busy,
    chooseLanguage: (language: MiniLanguage) => dispatch({ type: 'chooseLanguage', language }),
    continueToRegistration: () => dispatch({ type: 'continue' }),
    register,
    answer: (answer: MiniAnswer) => dispatch({ type: 'answer', answer }),
    submitQuestion,
    restart: () => dispatch({ type: 'restart' }),
  };
}
