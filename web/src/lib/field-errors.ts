import { useCallback, useEffect, useRef, useState } from 'react';
import { isProblem } from './problem.ts';

/** A form's errors by field: the sentence shown under each field, nothing for a field that is fine. */
export type FieldErrorMap<K extends string> = Partial<Record<K, string>>;

/** Whether a refusal of the BFF names one of these fields (shown there by `reportRefusal`, so not as a whole too). */
export function refusesField(error: unknown, fields: readonly string[]): boolean {
  return isProblem(error) && error.code === 'validation_failed' && (error.errors ?? []).some(({ field }) => fields.includes(field));
}

/**
 * A form's errors shown at its fields, the one pattern of every form of the portal: each invalid field is marked
 * (`aria-invalid`) and described by its sentence (`aria-describedby`, react-aria's FieldError through `field(key)`),
 * and the first invalid field in the form's order takes the focus, so the eye and the screen reader land where the
 * fix is. A field's error goes as soon as the field is edited (`clear`).
 */
export function useFieldErrors<K extends string>() {
  const [errors, setErrors] = useState<FieldErrorMap<K>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After the render that marks them: the first marked field in the form's order.
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  /** Shows `found` at its fields (replacing what was shown) and focuses the first; answers whether the form is fine. */
  const report = useCallback((found: FieldErrorMap<K>): boolean => {
    const shown = Object.fromEntries(Object.entries(found).filter(([, message]) => typeof message === 'string' && message !== ''));
    setErrors(shown as FieldErrorMap<K>);
    const fine = Object.keys(shown).length === 0;
    if (!fine) setFocusRequest((count) => count + 1);
    return fine;
  }, []);

  /**
   * A refusal of the BFF that names fields of this form (400 `validation_failed`'s `errors`, by the BFF's dotted field):
   * shown at them; answers whether it named one (else the caller shows the refusal as a whole).
   */
  const reportRefusal = useCallback(
    (error: unknown, fields: readonly K[]): boolean => {
      if (!isProblem(error) || error.code !== 'validation_failed') return false;
      const found: FieldErrorMap<K> = {};
      for (const { field, message } of error.errors ?? []) if ((fields as readonly string[]).includes(field)) found[field as K] ??= message;
      return !report(found);
    },
    [report],
  );

  const clear = useCallback((key: K) => {
    setErrors((current) => {
      if (current[key] === undefined) return current;
      const { [key]: _fixed, ...rest } = current;
      return rest as FieldErrorMap<K>;
    });
  }, []);

  /** A field's props for TextField, TextArea or NativeSelect: invalid with its sentence, or neither. */
  const field = (key: K) => ({ isInvalid: errors[key] !== undefined, errorMessage: errors[key] });

  return { formRef, errors, report, reportRefusal, clear, field, hasErrors: Object.keys(errors).length > 0 };
}
