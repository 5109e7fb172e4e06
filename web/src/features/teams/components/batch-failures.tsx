import type { components } from '../../../../../generated/bff.ts';

type BatchResult = components['schemas']['BatchResult'];

/** A batch's outcome: '{n} of {m} removed.' and each failed item by name with its reason (spec coach-shell §8). */
export function BatchFailures({ summary, result }: { summary: string; result: BatchResult }) {
  return (
    <>
      <p>{summary}</p>
      {result.failed.length > 0 ? (
        <ul className="batch-failures">
          {result.failed.map((failure) => (
            <li key={failure.id}>
              <strong>{failure.name}</strong>: {failure.message}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
