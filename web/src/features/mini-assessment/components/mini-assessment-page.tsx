import { Clock } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { CoachCard } from '../../../components/coach-card.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { INVALID_LINK } from '../../../lib/labels/public-links.ts';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { isUuid } from '../../../lib/validation.ts';
import type { MiniLanguage } from '../api/mini-api.ts';
import { MINI_GUIDE_TEXTS, type MiniGuideTexts } from '../hooks/mini-guide-texts.ts';
import { coachOf, currentAnswer, currentQuestion, stepNumber } from '../hooks/mini-steps.ts';
import { FALLBACK_ERROR_TITLE, translator } from '../hooks/mini-texts.ts';
import { useMiniAssessment } from '../hooks/use-mini-assessment.ts';
import { MiniProgress } from './mini-progress.tsx';
import './mini-assessment.css';

// The page's first paint is '...' until its texts arrive: the steps' code (radio groups, fields, buttons) loads
// beside that first request, not before it (the public-route budget).
const ErrorStep = lazyWithPreload(async () => ({ default: (await import('./error-step.tsx')).ErrorStep }));
const LanguageStep = lazyWithPreload(async () => ({ default: (await import('./language-step.tsx')).LanguageStep }));
const RegistrationStep = lazyWithPreload(async () => ({ default: (await import('./registration-step.tsx')).RegistrationStep }));
const QuestionStep = lazyWithPreload(async () => ({ default: (await import('./question-step.tsx')).QuestionStep }));
// Only the last step shows HTML: the sanitiser loads with it, not with the page (the public-route budget).
const ResultsStep = lazy(async () => ({ default: (await import('./results-step.tsx')).ResultsStep }));

const LANG_ATTRIBUTE: Record<MiniLanguage, string> = { english: 'en', slovak: 'sk', hungarian: 'hu' };

/**
 * The guest mini-assessment of a coach's public link (spec: public-and-guest §2 "Mini-assessment page"). A link whose
 * coach segment cannot be a coach's says so first, before the guest chooses a language or types anything: starting
 * again would not mend it, so it offers no Continue.
 */
export function MiniAssessmentPage({ coachUuid }: { coachUuid: string }) {
  usePageTitle(PAGE_TITLE);
  if (!isUuid(coachUuid))
    return (
      <main className="page mini" lang="en">
        <Suspense fallback={<Loading />}>
          <ErrorStep title={FALLBACK_ERROR_TITLE} message={INVALID_LINK} />
        </Suspense>
      </main>
    );
  return <MiniAssessment coachUuid={coachUuid} />;
}

function MiniAssessment({ coachUuid }: { coachUuid: string }) {
  const mini = useMiniAssessment(coachUuid);
  // Until a language is chosen the page speaks English.
  const language = mini.state.language ?? 'english';
  useEffect(() => {
    for (const step of [ErrorStep, LanguageStep, RegistrationStep, QuestionStep]) step.preload();
  }, []);

  const guide = MINI_GUIDE_TEXTS[language];
  const step = mini.translations ? stepNumber(mini.state) : null;
  const coach = coachOf(mini.state);

  return (
    <main className="page mini" lang={LANG_ATTRIBUTE[language]}>
      {step !== null ? <MiniProgress step={step} texts={guide} /> : null}
      {step !== null && (mini.state.step === 'language' || mini.state.step === 'registration') ? <MiniIntro guide={guide} /> : null}
      <Suspense fallback={<Loading />}>
        <MiniStepView mini={mini} language={language} guide={guide} />
      </Suspense>
      {coach ? (
        <CoachCard name={coach} label={guide.yourCoach}>
          {mini.state.step === 'results' ? guide.talkItThrough(coach) : guide.coachReceives}
        </CoachCard>
      ) : null}
    </main>
  );
}

/** What the mini-assessment is and how long it takes, before the guest starts. */
function MiniIntro({ guide }: { guide: MiniGuideTexts }) {
  return (
    <aside className="mini-intro" aria-label={guide.introTitle}>
      <Clock className="mini-intro__icon" aria-hidden="true" size={20} />
      <div>
        <strong>{guide.introTitle}</strong>
        <p>{guide.introText}</p>
      </div>
    </aside>
  );
}

const PAGE_TITLE = 'Mini-assessment';

interface MiniStepViewProps {
  mini: ReturnType<typeof useMiniAssessment>;
  language: MiniLanguage;
  guide: MiniGuideTexts;
}

function MiniStepView({ mini, language, guide }: MiniStepViewProps) {
  const { state, translations, busy } = mini;
  if (state.step === 'error') {
    const t = translations ? translator(translations, language) : null;
    return (
      <ErrorStep
        title={t ? t('errorTitle') : FALLBACK_ERROR_TITLE}
        message={state.message}
        continueLabel={t ? t('continueButton') : 'Continue'}
        onRestart={mini.restart}
      />
    );
  }
  // spec: public-and-guest §2: while loading the page shows '...'; the page keeps its name for assistive technology.
  if (!translations || busy)
    return (
      <>
        <h1 className="visually-hidden">{PAGE_TITLE}</h1>
        <Loading />
      </>
    );
  const t = translator(translations, language);
  switch (state.step) {
    case 'language':
      return (
        <LanguageStep
          t={t}
          languages={translations.languages}
          language={state.language}
          onChoose={mini.chooseLanguage}
          onContinue={mini.continueToRegistration}
        />
      );
    case 'registration':
      return <RegistrationStep t={t} onRegister={mini.register} />;
    case 'question': {
      const question = currentQuestion(state);
      if (!question) return null;
      return (
        <QuestionStep
          key={question.id}
          t={t}
          number={state.index + 1}
          question={question}
          answer={currentAnswer(state)}
          onAnswer={mini.answer}
          onSubmit={mini.submitQuestion}
        />
      );
    }
    case 'results':
      return (
        <Suspense fallback={<Loading />}>
          <ResultsStep t={t} guide={guide} result={state.result} />
        </Suspense>
      );
  }
}
