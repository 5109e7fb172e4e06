import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { type FieldErrorMap, useFieldErrors } from '../../../lib/field-errors.ts';
import { problemCode, problemMessage } from '../../../lib/problem.ts';
import { useSubmission } from '../../../lib/submission-key.ts';
import { isEmail } from '../../../lib/validation.ts';
import { useAddAssistant } from '../api/add-assistant.ts';
import type { Assistant, AssistantInput } from '../api/list-assistants.ts';
import { useUpdateAssistant } from '../api/update-assistant.ts';
import { PROFILE_TOAST_MS } from './profile-text.ts';

// spec coach-shell §5 "Assistant add/edit", §8 "Assistant", §9: 45 characters each.
export const ASSISTANT_TEXT = {
  fieldsRequired: 'Please fill in all fields: name, surname, and email.',
  invalidEmail: 'Please enter a valid email address.',
  failed: 'Failed',
  requested: 'Assistant requested.',
  saved: 'Assistant saved.',
} as const;
export const ASSISTANT_FIELD_MAX = 45;
// The BFF's answers to a form it refuses: shown in the dialog, like the browser's own checks.
const FORM_PROBLEMS = new Set(['assistant_fields_required', 'invalid_email', 'assistant_request_failed', 'validation_failed']);

type AssistantField = keyof AssistantInput;
const ASSISTANT_FIELDS: readonly AssistantField[] = ['name', 'surname', 'email'];

/**
 * The browser's checks in the spec's order, each at its field: every field filled in (the sentence at each empty
 * one), then a valid e-mail. Empty when the form is fine.
 */
export function checkAssistant(input: AssistantInput): FieldErrorMap<AssistantField> {
  const empty = ASSISTANT_FIELDS.filter((field) => input[field].trim() === '');
  if (empty.length > 0) return Object.fromEntries(empty.map((field) => [field, ASSISTANT_TEXT.fieldsRequired]));
  return isEmail(input.email) ? {} : { email: ASSISTANT_TEXT.invalidEmail };
}

/** The BFF's refusal at the field it names (an e-mail it finds invalid, a field its checks name); whether it did. */
function refusedAtField(failure: unknown, fields: ReturnType<typeof useFieldErrors<AssistantField>>): boolean {
  if (problemCode(failure) === 'invalid_email') return !fields.report({ email: problemMessage(failure) });
  return fields.reportRefusal(failure, ASSISTANT_FIELDS);
}

export interface AssistantDialogProps {
  /** The assistant to edit; null to add one. */
  assistant: Assistant | null;
  onClose: () => void;
}

/** The Add/Edit Assistant dialog (spec coach-shell §2.12, §5, §8): the spec's messages at the fields they are about. */
export function AssistantDialog({ assistant, onClose }: AssistantDialogProps) {
  const [input, setInput] = useState<AssistantInput>({
    name: assistant?.name ?? '',
    surname: assistant?.surname ?? '',
    email: assistant?.email ?? '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const fields = useFieldErrors<AssistantField>();
  const add = useAddAssistant();
  const update = useUpdateAssistant();
  // An edit takes no key (it is the same whenever repeated); a second press sends nothing either way.
  const submission = useSubmission('addAssistant');
  const pending = submission.isPending;

  const set = (key: AssistantField) => (value: string) => {
    setProblem(null);
    fields.clear(key);
    setInput((current) => ({ ...current, [key]: value }));
  };

  const submit = () => {
    setProblem(null);
    if (!fields.report(checkAssistant(input))) return;
    const body = { name: input.name.trim(), surname: input.surname.trim(), email: input.email.trim() };
    if (!assistant) {
      submission.submit(body, (params) =>
        add.mutateAsync({ body, params }).then(
          ({ message }) => {
            showToast(message ?? ASSISTANT_TEXT.requested, 'success', PROFILE_TOAST_MS);
            onClose();
          },
          (failure: unknown) => {
            if (!refusedAtField(failure, fields)) setProblem(problemMessage(failure));
            throw failure;
          },
        ),
      );
      return;
    }
    const path = { assistantId: assistant.uuid };
    submission.submit([path, body], () =>
      update.mutateAsync({ params: { path }, body }).then(
        () => {
          showToast(ASSISTANT_TEXT.saved, 'success', PROFILE_TOAST_MS);
          onClose();
        },
        // spec §8: an edit that fails is a 'Failed' toast; the form's own refusals stay in the dialog.
        (failure: unknown) => {
          const code = problemCode(failure);
          if (refusedAtField(failure, fields)) throw failure;
          if (code && FORM_PROBLEMS.has(code)) setProblem(problemMessage(failure));
          else showToast(ASSISTANT_TEXT.failed, 'error', PROFILE_TOAST_MS);
          throw failure;
        },
      ),
    );
  };

  return (
    <Dialog title={assistant ? 'Edit Assistant' : 'Add Assistant'} isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <Form
        ref={fields.formRef}
        aria-label={assistant ? 'Edit assistant' : 'Add assistant'}
        className="profile__assistant-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label="Name"
          value={input.name}
          onChange={set('name')}
          maxLength={ASSISTANT_FIELD_MAX}
          autoFocus
          {...fields.field('name')}
        />
        <TextField
          label="Surname"
          value={input.surname}
          onChange={set('surname')}
          maxLength={ASSISTANT_FIELD_MAX}
          {...fields.field('surname')}
        />
        <TextField
          label="Email"
          type="email"
          value={input.email}
          onChange={set('email')}
          maxLength={ASSISTANT_FIELD_MAX}
          {...fields.field('email')}
        />
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isPending={pending}>
            {assistant ? 'Save' : 'Add Assistant'}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
