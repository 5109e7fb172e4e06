import type { ReactNode } from 'react';
import { TextField } from '../../../../components/ui/text-field.tsx';
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

/** The client's problem with the details, or null (spec §5: all three required, then a valid e-mail). */
export function clientProblem(client: ClientDetails): string | null {
  if (!client.name.trim() || !client.surname.trim() || !client.email.trim()) return ADD_TEXTS.clientDetails;
  return EMAIL.test(client.email.trim()) ? null : ADD_TEXTS.invalidEmail;
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
 * The client's fields of both Add Assessment dialogs: typed in for a new client, shown locked for an existing one (the
 * selected assessment's client).
 */
export function ClientFields({
  value,
  onChange,
  locked,
  fields = Object.keys(CLIENT_LABELS) as (keyof ClientDetails)[],
  children,
}: {
  value: ClientDetails;
  onChange?: (value: ClientDetails) => void;
  locked?: boolean;
  /** The fields shown (all by default). */
  fields?: readonly (keyof ClientDetails)[];
  /** More of the client's fields, after these. */
  children?: ReactNode;
}) {
  return (
    <fieldset className="field-group">
      <legend>Client</legend>
      {fields.map((field) => (
        <TextField
          key={field}
          label={CLIENT_LABELS[field]}
          type={field === 'email' ? 'email' : 'text'}
          value={value[field]}
          onChange={(text) => onChange?.({ ...value, [field]: text })}
          maxLength={CLIENT_LIMITS[field]}
          isRequired={!locked && (field === 'name' || field === 'surname' || field === 'email')}
          isDisabled={locked}
        />
      ))}
      {children}
    </fieldset>
  );
}
