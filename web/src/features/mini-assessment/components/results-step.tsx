import { EnneagramFigure } from '../../../components/enneagram-figure.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import type { MiniResult } from '../api/mini-api.ts';
import type { MiniGuideTexts } from '../hooks/mini-guide-texts.ts';
import type { Translate } from '../hooks/mini-texts.ts';
import { StepHeading } from './step-heading.tsx';

export interface ResultsStepProps {
  t: Translate;
  guide: MiniGuideTexts;
  result: MiniResult;
}

/**
 * The result of the four answers (spec: public-and-guest §3 "Mini-assessment": enneaTitle, resultText) as a card:
 * the nine-point figure with the style marked (when the title names one), the title and the text.
 */
export function ResultsStep({ t, guide, result }: ResultsStepProps) {
  return (
    <div className="stack">
      <StepHeading>{t('resultTitle')}</StepHeading>
      <article className="mini-result" aria-labelledby="mini-result-title">
        {result.style ? (
          <EnneagramFigure
            className="mini-result__figure"
            style={result.style}
            title={result.enneaTitle}
            description={guide.figureDescription(result.style)}
          />
        ) : null}
        <div className="mini-result__text">
          <h2 id="mini-result-title">{result.enneaTitle}</h2>
          <SafeHtml className="mini__result" html={result.resultText} />
        </div>
      </article>
    </div>
  );
}
