import { problemMessage } from '../lib/problem.ts';
import { Alert } from './ui/alert.tsx';

/** A failed call shown as the spec's text: the problem's `detail`, else "could not be reached". Nothing when no error. */
export function ProblemAlert({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  return <Alert tone="error">{problemMessage(error)}</Alert>;
}
