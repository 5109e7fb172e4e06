import { problemMessage, retryAdvice } from '../lib/problem.ts';
import { RetryButton } from './retry-button.tsx';
import { Alert } from './ui/alert.tsx';
import './problem-alert.css';

/**
 * A failed call shown as the spec's text: the problem's `detail`, else "could not be reached"; with `onRetry`, the
 * Retry that asks again beside it where asking again can help (`RetryButton`: not for an unknown link or a refused
 * request, after the wait of a rate limit). Nothing when no error.
 */
export function ProblemAlert({ error, onRetry }: { error: unknown; onRetry?: (() => void) | undefined }) {
  if (error === null || error === undefined) return null;
  if (!onRetry || retryAdvice(error).kind === 'never') return <Alert tone="error">{problemMessage(error)}</Alert>;
  return (
    <div className="problem-alert">
      <Alert tone="error">{problemMessage(error)}</Alert>
      <RetryButton error={error} onRetry={onRetry} />
    </div>
  );
}
