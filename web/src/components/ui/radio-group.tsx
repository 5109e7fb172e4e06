import type { ReactNode } from 'react';
import {
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  FieldError,
  Label,
  Radio,
  Text,
} from 'react-aria-components';

export interface RadioOption {
  id: string;
  label: ReactNode;
  isDisabled?: boolean;
}

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children'> {
  label: ReactNode;
  options: readonly RadioOption[];
  description?: ReactNode;
  errorMessage?: string;
}

/** A group of radio buttons with its label (arrow keys move, Space selects). */
export function RadioGroup({ label, options, description, errorMessage, className, ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup {...props} className={['field', 'radio-group', className].filter(Boolean).join(' ')}>
      <Label className="field__label">{label}</Label>
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      {options.map((option) => (
        <Radio key={option.id} value={option.id} className="radio" isDisabled={option.isDisabled}>
          {option.label}
        </Radio>
      ))}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaRadioGroup>
  );
}
