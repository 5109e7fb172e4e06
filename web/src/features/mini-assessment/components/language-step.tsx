import { Button } from '../../../components/ui/button.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { LANGUAGE_NAMES } from '../../../lib/labels/languages.ts';
import type { MiniLanguage } from '../api/mini-api.ts';
import type { Translate } from '../hooks/mini-texts.ts';
import { StepHeading } from './step-heading.tsx';

// spec: public-and-guest §2 "Mini-assessment page", §9: English, Slovak, Hungarian.

export interface LanguageStepProps {
  t: Translate;
  languages: readonly MiniLanguage[];
  language: MiniLanguage | null;
  onChoose: (language: MiniLanguage) => void;
  onContinue: () => void;
}

/** The first step; Continue needs a choice (spec: public-and-guest §5). */
export function LanguageStep({ t, languages, language, onChoose, onContinue }: LanguageStepProps) {
  return (
    <div className="stack">
      <StepHeading>{t('chooseLanguage')}</StepHeading>
      <RadioGroup
        label={<span className="visually-hidden">{t('chooseLanguage')}</span>}
        options={languages.map((id) => ({ id, label: LANGUAGE_NAMES[id] }))}
        value={language}
        onChange={(value) => {
          const chosen = languages.find((offered) => offered === value);
          if (chosen) onChoose(chosen);
        }}
      />
      <div className="row">
        <Button isDisabled={!language} onPress={onContinue}>
          {t('continueButton')}
        </Button>
      </div>
    </div>
  );
}
