import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { StepHeading } from './step-heading.tsx';

export interface ErrorStepProps {
  title: string;
  message: string;
  /** Continue, which starts again; none where starting again cannot help (a broken link). */
  continueLabel?: string;
  onRestart?: () => void;
}

/** Where any failed call lands; Continue starts again at the language selection (spec: public-and-guest §2, §4, §8). */
export function ErrorStep({ title, message, continueLabel, onRestart }: ErrorStepProps) {
  return (
    <div className="stack">
      <StepHeading>{title}</StepHeading>
      <Alert tone="error">{message}</Alert>
      {onRestart ? (
        <div className="row">
          <Button onPress={onRestart}>{continueLabel ?? 'Continue'}</Button>
        </div>
      ) : null}
    </div>
  );
}
