import { problemMessage } from '../lib/problem.ts';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import './problem-alert.css';

/**
 * A failed call shown as the spec's text: the problem's `detail`, else "could not be reached"; with `onRetry`, the
 * Retry that asks again beside it. Nothing when no error.
 */
export function ProblemAlert({ error, onRetry }: { error: unknown; onRetry?: (() => void) | undefined }) {
  if (error === null || error === undefined) return null;
  if (!onRetry) return <Alert tone="error">{problemMessage(error)}</Alert>;
  return (
    <div className="problem-alert">
      <Alert tone="error">{problemMessage(error)}</Alert>
      <Button variant="secondary" onPress={onRetry}>
        Retry
      </Button>
    </div>
  );
}
