import { Button } from '../../../components/ui/button.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import type { MiniAnswer, MiniQuestion } from '../api/mini-api.ts';
import type { Translate } from '../hooks/mini-texts.ts';
import { StepHeading } from './step-heading.tsx';

export interface QuestionStepProps {
  t: Translate;
  number: number;
  question: MiniQuestion;
  answer: MiniAnswer | undefined;
  onAnswer: (answer: MiniAnswer) => void;
  onSubmit: () => void;
}

const isAnswer = (value: string): value is MiniAnswer => value === 'A' || value === 'B' || value === 'C';

/** One of the four questions; Submit needs an answer A, B or C (spec: public-and-guest §5). */
export function QuestionStep({ t, number, question, answer, onAnswer, onSubmit }: QuestionStepProps) {
  return (
    <div className="stack">
      <StepHeading>{t('questionOf', { n: number })}</StepHeading>
      <RadioGroup
        className="mini__question"
        label={question.text}
        options={question.options.map((option) => ({ id: option.key, label: option.text }))}
        value={answer ?? null}
        onChange={(value) => {
          if (isAnswer(value)) onAnswer(value);
        }}
      />
      <div className="row">
        <Button isDisabled={!answer} onPress={onSubmit}>
          {t('submitButton')}
        </Button>
      </div>
    </div>
  );
}
