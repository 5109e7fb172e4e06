import type { components } from '../../../generated/bff.ts';
import { FailureGroups } from './failure-groups.tsx';

type BatchResult = components['schemas']['BatchResult'];

/**
 * A batch's outcome as the BFF answered it: the summary line, and the failed items: a few one by one with their
 * reasons, more grouped by reason with a count, each group's names shown when asked (`FailureGroups`).
 */
export function BatchResultMessage({ summary, result }: { summary: string; result: BatchResult }) {
  return (
    <>
      <p>{summary}</p>
      <FailureGroups
        className="batch-result__failures"
        items={result.failed.map((failure) => ({ key: failure.id, name: failure.name, code: failure.code, message: failure.message }))}
      />
      {result.notAttempted > 0 ? <p>{result.notAttempted} not attempted.</p> : null}
    </>
  );
}
