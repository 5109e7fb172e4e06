// The Idempotency-Key of a batch action (web/README.md "batch action"). One key per submission: the same request
// sent again gets the same key, so the BFF repeats nothing it did (a retry of an action that was done answers its
// result; one cut midway, or still running, is resumed or waited for). That covers Send pressed again after an
// error, the action opened again with the same selection and choices after its dialog closed on the error, and
// the repeat after signing in again when the session ended midway: this tab's memory outlives the dialog. Another
// selection or other choices are another request, and a submission that got its answer is over: both get a new key.

const kept = new Map<string, { request: string; key: string }>();

/** `params.header` of a batch action's call: the key of this submission of `request` (its body and path). */
export function submissionKey(action: string, request: unknown): { header: { 'Idempotency-Key': string } } {
  const sent = JSON.stringify(request);
  let submission = kept.get(action);
  if (submission?.request !== sent) {
    submission = { request: sent, key: crypto.randomUUID() };
    kept.set(action, submission);
  }
  return { header: { 'Idempotency-Key': submission.key } };
}

/** The action's call was answered (its result, even one with failures): the next submission is a new action. */
export function submissionAnswered(action: string): void {
  kept.delete(action);
}
