import { useEffect, useState } from 'react';
import { PASSPHRASE_LENGTH } from './password-rule.ts';

type Estimator = typeof import('./password-estimator.ts');
let loading: Promise<Estimator> | undefined;
const loadEstimator = () => {
  loading ??= import('./password-estimator.ts');
  return loading;
};

/** The strength score of `password`, or undefined while the estimator loads (or when not needed). */
export function usePasswordScore(password: string): number | undefined {
  const [scored, setScored] = useState<{ password: string; score: number } | null>(null);
  const needed = password !== '' && password.length < PASSPHRASE_LENGTH;

  useEffect(() => {
    if (!needed) return;
    let current = true;
    loadEstimator()
      .then(({ passwordScore }) => {
        if (current) setScored({ password, score: passwordScore(password) });
      })
      .catch(() => {
        // The chunk failed to load (network): the score stays unknown, so only a passphrase passes.
        loading = undefined;
      });
    return () => {
      current = false;
    };
  }, [password, needed]);

  return needed && scored?.password === password ? scored.score : undefined;
}
