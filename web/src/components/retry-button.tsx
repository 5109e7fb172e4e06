import { useEffect, useState } from 'react';
import { retryAdvice } from '../lib/problem.ts';
import { Button } from './ui/button.tsx';

export interface RetryButtonProps {
  /** The failure the button would answer: it decides whether asking again can help (`retryAdvice`). */
  error: unknown;
  onRetry: () => void;
  /** The button's words ('Retry', 'Check again'). */
  label?: string;
}

/**
 * Asking again, offered only where it can help: at once after the portal or the network failed; after the wait a
 * limit gives, counted down on the button ('Retry in 42 s'); never for a request that is itself refused (an unknown
 * link, a malformed id), where the same request gets the same answer.
 */
export function RetryButton({ error, onRetry, label = 'Retry' }: RetryButtonProps) {
  const advice = retryAdvice(error);
  const waitSeconds = advice.kind === 'wait' ? advice.seconds : 0;
  const [left, setLeft] = useState(waitSeconds);
  useEffect(() => {
    setLeft(waitSeconds);
    if (waitSeconds === 0) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, waitSeconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [waitSeconds]);

  if (advice.kind === 'never') return null;
  if (left > 0)
    return (
      <Button variant="secondary" isDisabled>
        {`${label} in ${left} s`}
      </Button>
    );
  return (
    <Button variant="secondary" onPress={onRetry}>
      {label}
    </Button>
  );
}
