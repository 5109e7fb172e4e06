import type { components } from '../../../generated/bff.ts';

type BatchResult = components['schemas']['BatchResult'];

/** A batch's outcome as the BFF answered it: the summary line, and each failed item by name with its reason. */
export function BatchResultMessage({ summary, result }: { summary: string; result: BatchResult }) {
  return (
    <>
      <p>{summary}</p>
      {result.failed.length > 0 ? (
        <ul className="batch-result__failures">
          {result.failed.map((failure) => (
            <li key={failure.id}>{failure.message.startsWith(failure.name) ? failure.message : `${failure.name}: ${failure.message}`}</li>
          ))}
        </ul>
      ) : null}
      {result.notAttempted > 0 ? <p>{result.notAttempted} not attempted.</p> : null}
    </>
  );
}
