import { Button } from '../../../components/ui/button.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import type { MiniLanguage } from '../api/mini-api.ts';
import type { Translate } from '../hooks/mini-texts.ts';
import { StepHeading } from './step-heading.tsx';

// spec: public-and-guest §2 "Mini-assessment page", §9: English, Slovak, Hungarian.
const LANGUAGE_NAMES: Record<MiniLanguage, string> = { english: 'English', slovak: 'Slovak', hungarian: 'Hungarian' };

export interface LanguageStepProps {
  t: Translate;
  languages: readonly MiniLanguage[];
  language: MiniLanguage | null;
  onChoose: (language: MiniLanguage) => void;
  onContinue: () => void;
}

const isLanguage = (value: string): value is MiniLanguage => value in LANGUAGE_NAMES;

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
          if (isLanguage(value)) onChoose(value);
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
