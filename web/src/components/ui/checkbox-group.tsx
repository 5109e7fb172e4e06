import type { ReactNode } from 'react';
import {
  CheckboxGroup as AriaCheckboxGroup,
  type CheckboxGroupProps as AriaCheckboxGroupProps,
  FieldError,
  Label,
} from 'react-aria-components';
import { Checkbox } from './checkbox.tsx';

export interface CheckboxGroupProps extends Omit<AriaCheckboxGroupProps, 'children'> {
  label: ReactNode;
  options: readonly { id: string; label: ReactNode }[];
  /** The group's error, shown under it when invalid (`useFieldErrors`' `field(key)`). */
  errorMessage?: string | undefined;
}

/**
 * Checkboxes under one label, checked as one field (e.g. the reports to send): when invalid, each box is marked
 * (`aria-invalid`) and described by the sentence under them, so the first takes the focus (the form's field-error pattern).
 */
export function CheckboxGroup({ label, options, errorMessage, className, ...props }: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup validationBehavior="aria" {...props} className={['field-group', className].filter(Boolean).join(' ')}>
      <Label className="field-group__label">{label}</Label>
      {options.map((option) => (
        <Checkbox key={option.id} value={option.id}>
          {option.label}
        </Checkbox>
      ))}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaCheckboxGroup>
  );
}
