import { useCallback, useState } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/local-storage.ts';
import type { RegistrationForm } from '../components/registration-rules.ts';

const EMPTY: RegistrationForm = { name: '', surname: '', email: '', language: '' };

function isStoredForm(value: unknown): value is Partial<RegistrationForm> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([, field]) => typeof field === 'string');
}

function readStored(): RegistrationForm {
  const stored = readJson(STORAGE_KEYS.selfRegistration, isStoredForm) ?? {};
  return {
    name: stored.name ?? '',
    surname: stored.surname ?? '',
    email: stored.email ?? '',
    language: stored.language ?? EMPTY.language,
  };
}

/** The registration form, kept in local storage as it is typed (spec: public-and-guest §9). */
export function useStoredRegistration(): [RegistrationForm, (change: Partial<RegistrationForm>) => void] {
  const [form, setForm] = useState(readStored);
  const update = useCallback((change: Partial<RegistrationForm>) => {
    setForm((current) => {
      const next = { ...current, ...change };
      writeJson(STORAGE_KEYS.selfRegistration, next);
      return next;
    });
  }, []);
  return [form, update];
}
