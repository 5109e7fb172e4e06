// An assessments action on a selection of any size (the select-all across pages selects every filtered record,
// spec assessments-and-clients §2.2) runs as a job on the BFF: the call asks for one (`Prefer: respond-async`) under
// its Idempotency-Key, then this dialog shows "Please wait" with the bar and Stop while it runs, as Download Reports'
// does (§4.6), and the action ends with its result ("n of m invite emails sent successfully.", failures by name). A
// confirm step names the first clients of a selection and counts the rest ("and 19,950 more").
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { components } from '../../../../../../generated/bff.ts';
import { failedMessage, noteMessage } from '../../../../components/data-table/action-messages.tsx';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { ProblemAlert } from '../../../../components/problem-alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { ProgressCount } from '../../../../components/ui/progress-count.tsx';
import { queryKeyOf } from '../../../../lib/query-keys.ts';
import { submissionAnswered, submissionKey } from '../../../../lib/submission-key.ts';
import { type AssessmentBatchJob, useAssessmentBatchJob } from '../../api/get-assessment-batch-job.ts';
import { useStopAssessmentBatchJob } from '../../api/stop-assessment-batch-job.ts';
import './batch-job.css';

export type JobResult = NonNullable<AssessmentBatchJob['result']>;
type JobOperation = AssessmentBatchJob['operation'];
type NamedCount = components['schemas']['NamedCount'];

// spec assessments-and-clients §4.6 (the progress state of Download Reports); §8.
export const JOB_TEXT = {
  wait: 'Please wait',
  unexpected: 'There was an unexpected error',
} as const;

/** The most records one action takes: the contract's `AssessmentSelection` (more answers 400). */
export const MAX_SELECTION = 50_000;
export const TOO_MANY = `Please select at most ${MAX_SELECTION.toLocaleString('en')} records at a time.`;

/** "Thandi Mokoena, Bence Kovács and 19,950 more": the names a group shows, and how many it does not name. */
export function namesOf({ count, names }: NamedCount): string {
  const rest = count - names.length;
  return rest > 0 ? `${names.join(', ')} and ${rest.toLocaleString('en')} more` : names.join(', ');
}

/** "812 invites", "1 reminder": a group's count with its noun. */
export const countOf = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** The call's parameters: the action's Idempotency-Key (one per submission) and the ask to run it as a job. */
export function jobParams(operation: JobOperation, body: unknown) {
  return { header: { ...submissionKey(operation, body).header, Prefer: 'respond-async' as const } };
}

/**
 * The most items an action runs within its call, answering its result at once; more ask for a job. The BFF runs 4
 * items at a time (BATCH_CONCURRENCY) and a legacy call takes about a second at worst, so 20 items answer within
 * about 5 seconds, as long as a button may say "Sending email..."; a job costs a 202, at least one poll and a bar
 * that would only flash. A larger selection (up to 50,000) runs as a job, with its bar and Stop.
 */
export const DIRECT_MAX_ITEMS = 20;

/**
 * The call's parameters by the selection's size: a job (`jobParams`) only above DIRECT_MAX_ITEMS; else only the
 * action's Idempotency-Key, and the call answers the result itself.
 */
export function batchParams(operation: JobOperation, body: { ids: readonly unknown[] }) {
  return body.ids.length > DIRECT_MAX_ITEMS ? jobParams(operation, body) : { header: submissionKey(operation, body).header };
}

/** The call's answer is the job (202), not the result. */
const isJob = (answer: object): answer is AssessmentBatchJob => 'jobId' in answer && 'status' in answer;

/**
 * What the action does with its call's answer: the job (202) goes to the progress dialog; a result answered at once
 * (a BFF that ran the call without a job) ends the action, and the submission with it.
 */
export function answerHandler<R extends JobResult>(
  operation: JobOperation,
  started: (job: AssessmentBatchJob) => void,
  resultMessage: (result: R) => ActionMessage,
  finish: (message?: ActionMessage) => void,
) {
  return (answer: R | AssessmentBatchJob) => {
    if (isJob(answer)) return started(answer);
    submissionAnswered(operation);
    finish(resultMessage(answer));
  };
}

/** The call's callbacks: its answer as `answerHandler` takes it, a refused call the action's Failed alert. */
export function jobCallbacks<R extends JobResult>(
  operation: JobOperation,
  started: (job: AssessmentBatchJob) => void,
  resultMessage: (result: R) => ActionMessage,
  finish: (message?: ActionMessage) => void,
) {
  return {
    onSuccess: answerHandler(operation, started, resultMessage, finish),
    onError: (failure: unknown) => finish(failedMessage(failure)),
  };
}

/**
 * How a job ended, as the action's alert: its result (complete, or stopped with the items not attempted), the
 * problem the action answered, or the server running it stopped (a repeat with the same key does only the rest, so
 * the submission keeps its key).
 */
export function endedMessage(job: AssessmentBatchJob, resultMessage: (result: JobResult) => ActionMessage): ActionMessage {
  if (job.result) {
    submissionAnswered(job.operation);
    return resultMessage(job.result);
  }
  if (job.problem) return failedMessage(job.problem);
  return noteMessage(job.message ?? JOB_TEXT.unexpected, 'Failed');
}

/** The bar's count, moved every 100 ms towards the polled count (spec §4.6, §9), as Download Reports' bar. */
function useTickedCount(target: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= target) return;
    const tick = setTimeout(() => setShown((now) => Math.min(target, now + Math.max(1, Math.ceil((target - now) / 5)))), 100);
    return () => clearTimeout(tick);
  }, [shown, target]);
  return Math.min(shown, target);
}

export interface BatchJobProgressProps {
  /** The action's title (the dialog's). */
  title: string;
  /** The job the action's call answered (202). */
  job: AssessmentBatchJob;
  /** The action's alert for its result, e.g. "{succeeded} of {total} invite emails sent successfully." and the failures. */
  resultMessage: (result: JobResult) => ActionMessage;
  /** Once the job ended, however: what the action changes besides the lists (the selection, the balance). */
  onEnded?: (() => void) | undefined;
  finish: (message?: ActionMessage) => void;
}

/**
 * The progress dialog (as Download Reports', §4.6): "Please wait", the bar with "n of m" and Stop while the job runs;
 * it cannot be closed. Stop starts nothing more: the items in flight finish and are reported with the rest, which is
 * not attempted. When the job ended, the lists are asked again and the action ends with its alert.
 */
export function BatchJobProgress({ title, job: started, resultMessage, onEnded, finish }: BatchJobProgressProps) {
  const queryClient = useQueryClient();
  const job = useAssessmentBatchJob(started.jobId);
  const stop = useStopAssessmentBatchJob(started.jobId);
  const current = job.data ?? started;
  const ended = current.status === 'running' ? undefined : current;
  // biome-ignore lint/correctness/useExhaustiveDependencies: it ends the action once, when the job ended or could not be read.
  useEffect(() => {
    if (!ended && !job.isError) return;
    void queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/assessments') });
    onEnded?.();
    finish(ended ? endedMessage(ended, resultMessage) : failedMessage(job.error));
  }, [ended, job.isError]);

  const done = useTickedCount(current.done);
  const stopping = stop.isPending || current.stopping;
  return (
    <Dialog title={title} role="alertdialog" isKeyboardDismissDisabled isOpen onOpenChange={() => undefined}>
      <div className="stack">
        <ProgressCount label={JOB_TEXT.wait} done={done} total={current.total} />
        <ProblemAlert error={stop.error} />
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" isDisabled={stopping} onPress={() => stop.mutate({ params: { path: { jobId: started.jobId } } })}>
          Stop
        </Button>
      </div>
    </Dialog>
  );
}
