import { type ReactNode, useEffect, useState } from 'react';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { type FieldErrorMap, refusesField, useFieldErrors } from '../../../../lib/field-errors.ts';
import type { AssessmentRow } from '../../api/list-assessments.ts';
import './add-assessment.css';

// The client's part of the Add Assessment and Import Results dialogs.

export interface ClientDetails {
  name: string;
  surname: string;
  email: string;
  company: string;
  otherData: string;
}

// spec assessments-and-clients §5 "Add client and assessment".
export const ADD_TEXTS = {
  clientDetails: 'Please fill in all the client details (name, surname, and email).',
  invalidEmail: 'Please provide a valid email address.',
  newClientAssessment: 'Please select an Assessment',
  existingClientAssessment: 'Please select an assessment',
  /** Add Assessment for New Client and Bulk Add pressed with a selection. */
  deselectFirst: 'To add a new client, please deselect any currently selected assessment.',
} as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CLIENT_LIMITS: Record<keyof ClientDetails, number> = { name: 100, surname: 100, email: 254, company: 250, otherData: 250 };
const CLIENT_LABELS: Record<keyof ClientDetails, string> = {
  name: 'Name',
  surname: 'Surname',
  email: 'E-mail',
  company: 'Company',
  otherData: 'Other data',
};

export const EMPTY_CLIENT: ClientDetails = { name: '', surname: '', email: '', company: '', otherData: '' };

/** The client's fields a new client must fill in, each checked and shown at its place. */
export type RequiredClientField = 'name' | 'surname' | 'email';
export const REQUIRED_CLIENT_FIELDS: readonly RequiredClientField[] = ['name', 'surname', 'email'];

/**
 * The client's problems with the details by field, empty when fine (spec §5: all three required, the sentence at each
 * empty one; then a valid e-mail, at the e-mail).
 */
export function checkClient(client: ClientDetails): FieldErrorMap<RequiredClientField> {
  const empty = REQUIRED_CLIENT_FIELDS.filter((field) => client[field].trim() === '');
  if (empty.length > 0) return Object.fromEntries(empty.map((field) => [field, ADD_TEXTS.clientDetails]));
  return EMAIL.test(client.email.trim()) ? {} : { email: ADD_TEXTS.invalidEmail };
}

/** What the client's fields show of the form's errors (`useFieldErrors`), and whom they tell of an edit. */
export interface ClientFieldErrors {
  errors: FieldErrorMap<RequiredClientField>;
  onEdited: (field: RequiredClientField) => void;
}

/** A new client as the call sends it (Add Assessment, Import Results): trimmed, the empty optional details left out. */
export function newClientBody(client: ClientDetails) {
  return {
    name: client.name.trim(),
    surname: client.surname.trim(),
    email: client.email.trim(),
    ...(client.company.trim() ? { company: client.company.trim() } : {}),
    ...(client.otherData.trim() ? { otherData: client.otherData.trim() } : {}),
  };
}

/** The selected assessment's client, shown locked (the row has no other data), or null when no row was seen. */
export function clientOfRow(row: AssessmentRow | undefined): ClientDetails | null {
  return row
    ? { name: row.clientName, surname: row.clientSurname, email: row.clientEmail, company: row.company ?? '', otherData: '' }
    : null;
}

/**
 * The errors of a form with the client's fields and fields of its own (`K`), each at its field (`useFieldErrors`):
 * what the client's fields show (`shown`), and the BFF's refusal (`error`) at the client's field it names, else as the
 * dialog's alert (`refusal`).
 */
export function useClientFormErrors<K extends string>(error: unknown) {
  const fields = useFieldErrors<RequiredClientField | K>();
  const { reportRefusal, formRef } = fields;
  useEffect(() => {
    if (error) reportRefusal(error, REQUIRED_CLIENT_FIELDS);
  }, [error, reportRefusal]);
  // The shared hook focuses a marked field; a marked radio group (the assessment) takes it at its first choice here.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0)
      formRef.current
        ?.querySelector<HTMLElement>(
          '[aria-invalid="true"]:not([role="radiogroup"]),[role="radiogroup"][aria-invalid="true"] input:not(:disabled)',
        )
        ?.focus();
  }, [focusRequest, formRef]);
  const report: typeof fields.report = (found) => {
    const fine = fields.report(found);
    if (!fine) setFocusRequest((count) => count + 1);
    return fine;
  };
  const shown: ClientFieldErrors = { errors: fields.errors, onEdited: fields.clear };
  return { fields: { ...fields, report }, shown, refusal: refusesField(error, REQUIRED_CLIENT_FIELDS) ? null : error };
}

/**
 * The client's fields of both Add Assessment dialogs: typed in for a new client, shown locked for an existing one (the
 * selected assessment's client).
 */
export function ClientFields({
  value,
  onChange,
  locked,
  shown,
  fields = Object.keys(CLIENT_LABELS) as (keyof ClientDetails)[],
  children,
}: {
  value: ClientDetails;
  onChange?: (value: ClientDetails) => void;
  locked?: boolean;
  /** The form's errors at these fields (a new client's). */
  shown?: ClientFieldErrors | undefined;
  /** The fields shown (all by default). */
  fields?: readonly (keyof ClientDetails)[];
  /** More of the client's fields, after these. */
  children?: ReactNode;
}) {
  return (
    <fieldset className="field-group">
      <legend>Client</legend>
      {fields.map((field) => {
        const required = (REQUIRED_CLIENT_FIELDS as readonly string[]).includes(field);
        const error = required ? shown?.errors[field as RequiredClientField] : undefined;
        return (
          <TextField
            key={field}
            label={CLIENT_LABELS[field]}
            type={field === 'email' ? 'email' : 'text'}
            value={value[field]}
            onChange={(text) => {
              onChange?.({ ...value, [field]: text });
              if (required) shown?.onEdited(field as RequiredClientField);
            }}
            maxLength={CLIENT_LIMITS[field]}
            isRequired={!locked && required}
            isDisabled={locked}
            isInvalid={error !== undefined}
            errorMessage={error}
          />
        );
      })}
      {children}
    </fieldset>
  );
}
