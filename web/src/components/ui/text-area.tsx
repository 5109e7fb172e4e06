import type { ReactNode } from 'react';
import {
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Label,
  Text,
} from 'react-aria-components';

export interface TextAreaProps extends AriaTextFieldProps {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string;
  rows?: number;
}

/** A multi-line text field with label, description and error. */
export function TextArea({ label, description, errorMessage, rows = 4, className, ...props }: TextAreaProps) {
  return (
    <AriaTextField {...props} className={['field', className].filter(Boolean).join(' ')}>
      <Label className="field__label">{label}</Label>
      <AriaTextArea className="field__input" rows={rows} />
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
