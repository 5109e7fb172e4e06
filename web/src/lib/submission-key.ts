import { useRef, useState } from 'react';
import { isProblem } from './problem.ts';

// The Idempotency-Key of an action that makes a record, costs credits or runs a batch (web/README.md "batch action",
// "create dialog"). One key per submission: the same request sent again gets the same key, so the BFF repeats nothing
// it did (a retry of an action that was done answers its result; one cut midway, or still running, is resumed or
// waited for). Another request (other records, choices or fields) and a submission that got its answer get a new key.
//
// Where the key is kept is how long a submission lives:
// - a batch's is this tab's (`submissionKey`): Send pressed again after an error, the action opened again with the
//   same selection and choices after its dialog closed on the error, and the repeat after signing in again when the
//   session ended midway are one submission;
// - a create's is its dialog's (`useSubmission`): two dialogs that add the same team or client are two records the
//   coach asked for, while pressing Add again in the same dialog after an error is the same one
//   (docs/decisions/018-a-create-dialogs-key-lives-with-its-dialog.md).
// `useSubmission` also makes the submit control busy and sends nothing while the request is in flight: a
// double-click or Enter pressed twice is one request, whatever React has rendered in between.

export interface SubmissionParams {
  header: { 'Idempotency-Key': string };
}

/** The submissions of some actions: for each, the request it now sends and its key, until it is answered. */
class Submissions {
  readonly #kept = new Map<string, { request: string; key: string }>();

  key(action: string, request: unknown): SubmissionParams {
    const sent = JSON.stringify(request);
    let submission = this.#kept.get(action);
    if (submission?.request !== sent) {
      submission = { request: sent, key: crypto.randomUUID() };
      this.#kept.set(action, submission);
    }
    return { header: { 'Idempotency-Key': submission.key } };
  }

  answered(action: string): void {
    this.#kept.delete(action);
  }
}

/** This tab's batch submissions: they outlive their dialog. */
const tabSubmissions = new Submissions();

/** `params.header` of a batch action's call: the key of this submission of `request` (its body and path). */
export function submissionKey(action: string, request: unknown): SubmissionParams {
  return tabSubmissions.key(action, request);
}

/** The action's call was answered (its result, even one with failures): the next submission is a new action. */
export function submissionAnswered(action: string): void {
  tabSubmissions.answered(action);
}

export interface Submission {
  /** The request is in flight: the submit control is `isPending`. */
  isPending: boolean;
  /**
   * Sends `request` (its body and path) through `send` with its key, unless a request of this dialog is in flight (a
   * second press or Enter sends nothing). `send` makes the call and settles once its answer is handled, e.g.
   * `(params) => create.mutateAsync({ body, params }).then(onDone)`: fulfilled, or refused for good (a 4xx), the
   * submission is over (the next gets a new key); rejected otherwise (the failure is shown by the mutation's `error`),
   * the same request pressed again keeps its key.
   * Answers whether it was sent.
   */
  submit: (request: unknown, send: (params: SubmissionParams) => Promise<unknown>) => boolean;
}

/** The same request pressed this soon after it was done is a double-click's second press (the systems' double-click time at most). */
export const SAME_PRESS_MS = 500;

/**
 * Refusals after which the same request sent again keeps its key: they say nothing of the first call's outcome, or
 * that it was done (`idempotency_answer_not_kept`: a new key would do it again).
 */
const OUTCOME_OPEN = new Set([
  'idempotency_in_progress',
  'outcome_unknown',
  'idempotency_answer_not_kept',
  'session_ended',
  'rate_limited',
]);

/**
 * The BFF refused the request for good (a 4xx problem, kept as the key's outcome): pressing again, e.g. once credits
 * were bought or the client's details corrected, is a new submission. A network failure, a 5xx, a timeout or a
 * refusal in `OUTCOME_OPEN` leave the outcome open: the repeat keeps the key.
 */
function refusedForGood(failure: unknown): boolean {
  return isProblem(failure) && failure.status >= 400 && failure.status < 500 && failure.status !== 408 && !OUTCOME_OPEN.has(failure.code);
}

/**
 * One dialog's submissions of `action` (its operationId). `keptByTab`: a batch's key, kept by this tab
 * (`submissionKey`) rather than by the dialog.
 */
export function useSubmission(action: string, { keptByTab = false }: { keptByTab?: boolean } = {}): Submission {
  const [dialogSubmissions] = useState(() => new Submissions());
  const submissions = keptByTab ? tabSubmissions : dialogSubmissions;
  const inFlight = useRef(false);
  // A fast answer can come before a double-click's second press: the same request pressed that soon after it was
  // done is the same press, not a new submission (with a new key it would be made again).
  const done = useRef<{ request: string; at: number } | null>(null);
  const [isPending, setPending] = useState(false);
  const submit = (request: unknown, send: (params: SubmissionParams) => Promise<unknown>) => {
    const sent = JSON.stringify(request);
    if (inFlight.current || (done.current?.request === sent && performance.now() - done.current.at < SAME_PRESS_MS)) return false;
    inFlight.current = true;
    setPending(true);
    // A `send` that throws is a failure like a refusal.
    new Promise((resolve) => resolve(send(submissions.key(action, request))))
      .then(
        () => {
          done.current = { request: sent, at: performance.now() };
          submissions.answered(action);
        },
        (failure: unknown) => {
          if (refusedForGood(failure)) submissions.answered(action);
        },
      )
      .finally(() => {
        inFlight.current = false;
        setPending(false);
      });
    return true;
  };
  return { isPending, submit };
}
