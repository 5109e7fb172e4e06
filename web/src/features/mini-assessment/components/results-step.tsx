import { SafeHtml } from '../../../components/safe-html.tsx';
import type { MiniResult } from '../api/mini-api.ts';
import type { Translate } from '../hooks/mini-texts.ts';
import { StepHeading } from './step-heading.tsx';

/** The result of the four answers (spec: public-and-guest §3 "Mini-assessment": enneaTitle, resultText). */
export function ResultsStep({ t, result }: { t: Translate; result: MiniResult }) {
  return (
    <div className="stack">
      <StepHeading>{t('resultTitle')}</StepHeading>
      <h2>{result.enneaTitle}</h2>
      <SafeHtml className="mini__result" html={result.resultText} />
    </div>
  );
}
