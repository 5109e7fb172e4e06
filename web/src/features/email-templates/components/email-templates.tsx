import { useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Skeleton, SkeletonLines, SkeletonRegion } from '../../../components/ui/skeleton.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { EMAIL_TEMPLATES, type EmailTemplateName, PLACEHOLDER_MEANINGS, type Placeholder } from '../../../lib/labels/email-templates.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { fieldRefusal } from '../../../lib/problem.ts';
import { type EmailTemplate, useEmailTemplate } from '../api/get-email-template.ts';
import { useRevertEmailTemplate } from '../api/revert-email-template.ts';
import { useUpdateEmailTemplate } from '../api/update-email-template.ts';
import './email-templates.css';

// spec coach-shell §2.5, §5, §8: the editor's texts; its toasts last 3 s (§9).
export const EMAIL_TEMPLATES_TEXT = {
  title: 'Email Templates',
  update: 'Update Template',
  revert: 'Revert template to default',
  confirmRevert: 'Are you sure? This will delete your customized template, which cannot be undone.',
  updated: 'Successful',
  failed: 'Error, Unsuccessful',
  reverted: 'Reverted succesfully',
  // spec: none for leaving a changed template; the portal asks before the change is lost.
  unsavedTitle: 'Unsaved changes',
  confirmDiscard: (shown: string, next: string) => `Your changes to ${shown} are not saved. Discard them and open ${next}?`,
  keepEditing: 'Keep editing',
  discard: 'Discard changes',
} as const;
const TOAST_MS = 3000;
/** The longest text the legacy API keeps. */
export const TEMPLATE_MAX = 20_000;

const isTemplateName = (value: string | null): value is EmailTemplateName => EMAIL_TEMPLATES.some((entry) => entry.id === value);
const templateLabel = (name: EmailTemplateName) => EMAIL_TEMPLATES.find((entry) => entry.id === name)?.label ?? name;

/**
 * The Email Templates screen (spec coach-shell §2.5, §3 "Email template", §4): the template chosen (kept in
 * the URL), its text, the placeholders that can be inserted at the caret, Update only for a changed text,
 * Revert only for a customised template. Choosing another template with unsaved changes asks first: keep
 * editing, or discard them.
 */
export function EmailTemplates() {
  usePageTitle(EMAIL_TEMPLATES_TEXT.title);
  const [params, setParams] = useSearchParams();
  const chosen = params.get('template');
  const name: EmailTemplateName = isTemplateName(chosen) ? chosen : 'ennea_invite';
  const { data, error, isPending, refetch } = useEmailTemplate(name);
  // The unsaved text of the template shown, if the coach changed it.
  const [draft, setDraft] = useState<string | undefined>(undefined);
  // Another template chosen while the text shown has unsaved changes: it opens once they are discarded.
  const [switchingTo, setSwitchingTo] = useState<EmailTemplateName | null>(null);

  const open = (next: EmailTemplateName) => {
    setDraft(undefined);
    setParams((current) => ({ ...Object.fromEntries(current), template: next }), { replace: true });
  };
  const choose = (value: string) => {
    if (!isTemplateName(value) || value === name) return;
    if (draft === undefined) open(value);
    else setSwitchingTo(value);
  };

  return (
    <section className="email-templates stack" aria-labelledby="email-templates-title">
      <h1 id="email-templates-title">{EMAIL_TEMPLATES_TEXT.title}</h1>
      <p className="email-templates__intro">
        The e-mails the portal sends your clients in your name. Change the wording to suit you; the placeholders in curly brackets are
        filled in for each client when the e-mail is sent.
      </p>
      <div className="email-templates__picker">
        <NativeSelect label="Template" options={EMAIL_TEMPLATES} value={name} onChange={choose} />
      </div>
      {isPending ? <EditorSkeleton /> : null}
      <ProblemAlert error={error} onRetry={() => void refetch()} />
      {data ? <Editor key={name} template={data} draft={draft} onDraft={setDraft} /> : null}
      <ConfirmDialog
        title={EMAIL_TEMPLATES_TEXT.unsavedTitle}
        isOpen={switchingTo !== null}
        confirmLabel={EMAIL_TEMPLATES_TEXT.discard}
        cancelLabel={EMAIL_TEMPLATES_TEXT.keepEditing}
        isDestructive
        onConfirm={() => {
          if (switchingTo) open(switchingTo);
          setSwitchingTo(null);
        }}
        onCancel={() => setSwitchingTo(null)}
      >
        {switchingTo ? EMAIL_TEMPLATES_TEXT.confirmDiscard(templateLabel(name), templateLabel(switchingTo)) : null}
      </ConfirmDialog>
    </section>
  );
}

/** The editor's and the placeholders' cards until the template is there. */
function EditorSkeleton() {
  return (
    <SkeletonRegion>
      <div className="email-templates__layout">
        <div className="email-templates__editor card">
          <Skeleton width="6rem" height="1.5rem" />
          <Skeleton shape="block" height="20rem" />
          <span className="email-templates__actions">
            <Skeleton shape="block" width="7rem" />
            <Skeleton shape="block" width="10rem" />
          </span>
        </div>
        <div className="email-templates__placeholders card">
          <Skeleton width="8rem" height="1.25rem" />
          <SkeletonLines count={6} />
        </div>
      </div>
    </SkeletonRegion>
  );
}

interface EditorProps {
  template: EmailTemplate;
  /** The unsaved text, if the coach changed it. */
  draft: string | undefined;
  onDraft: (text: string | undefined) => void;
}

function Editor({ template, draft, onDraft }: EditorProps) {
  const text = draft ?? template.text;
  const changed = text !== template.text;
  const textArea = useRef<HTMLTextAreaElement>(null);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateEmailTemplate();
  const revert = useRevertEmailTemplate();
  const path = { params: { path: { templateName: template.name } } };

  const save = () =>
    update.mutate(
      { ...path, body: { text } },
      {
        onSuccess: () => {
          onDraft(undefined);
          showToast(EMAIL_TEMPLATES_TEXT.updated, 'success', TOAST_MS);
        },
        // A text the BFF refused (characters it may not hold) says so under the text area; anything else is the spec's toast.
        onError: (error) => {
          if (!fieldRefusal(error, 'text')) showToast(EMAIL_TEMPLATES_TEXT.failed, 'error', TOAST_MS);
        },
      },
    );
  const refusal = fieldRefusal(update.error, 'text');

  const revertToDefault = () => {
    setConfirming(false);
    revert.mutate(path, {
      onSuccess: () => {
        onDraft(undefined);
        showToast(EMAIL_TEMPLATES_TEXT.reverted, 'success', TOAST_MS);
      },
      onError: () => showToast(EMAIL_TEMPLATES_TEXT.failed, 'error', TOAST_MS),
    });
  };

  /** Puts `{placeholder}` where the caret is (or over the selection), then puts the caret after it. */
  const insert = (placeholder: Placeholder) => {
    const field = textArea.current;
    const start = field?.selectionStart ?? text.length;
    const end = field?.selectionEnd ?? text.length;
    const token = `{${placeholder}}`;
    onDraft(text.slice(0, start) + token + text.slice(end));
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const blank = text.trim() === '';
  return (
    <div className="email-templates__layout">
      <div className="email-templates__editor card">
        <div className="email-templates__status">
          <span className={template.isCustomised ? 'badge' : 'badge badge--neutral'}>
            {template.isCustomised ? 'Customised' : 'Default text'}
          </span>
          {changed ? <span className="email-templates__unsaved">Unsaved changes</span> : null}
        </div>
        <TextArea
          label="Template text"
          value={text}
          onChange={(value) => {
            if (refusal) update.reset();
            onDraft(value === template.text ? undefined : value);
          }}
          isInvalid={refusal !== undefined}
          errorMessage={refusal}
          maxLength={TEMPLATE_MAX}
          rows={16}
          textAreaRef={textArea}
          description={`${text.length.toLocaleString('en-ZA')} of ${TEMPLATE_MAX.toLocaleString('en-ZA')} characters`}
          className="email-templates__text"
        />
        <div className="email-templates__actions">
          <Button onPress={save} isDisabled={!changed || blank} isPending={update.isPending}>
            {update.isPending ? 'Updating...' : EMAIL_TEMPLATES_TEXT.update}
          </Button>
          <Button variant="secondary" onPress={() => setConfirming(true)} isDisabled={!template.isCustomised} isPending={revert.isPending}>
            {EMAIL_TEMPLATES_TEXT.revert}
          </Button>
        </div>
      </div>
      <aside className="email-templates__placeholders card" aria-labelledby="placeholders-title">
        <h2 id="placeholders-title">Placeholders</h2>
        <p>Choose one to insert it at the cursor.</p>
        <ul className="list-stack">
          {template.placeholders.map((placeholder) => (
            <li key={placeholder}>
              <Button variant="quiet" className="email-templates__placeholder" onPress={() => insert(placeholder)}>
                <code>{`{${placeholder}}`}</code>
              </Button>
              <span>{PLACEHOLDER_MEANINGS[placeholder]}</span>
            </li>
          ))}
        </ul>
      </aside>
      <ConfirmDialog
        title="Warning"
        isOpen={confirming}
        confirmLabel="Revert"
        isDestructive
        onConfirm={revertToDefault}
        onCancel={() => setConfirming(false)}
      >
        {EMAIL_TEMPLATES_TEXT.confirmRevert}
      </ConfirmDialog>
    </div>
  );
}
