import type { ReactNode } from 'react';
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
} from 'react-aria-components';

export interface TextFieldProps extends AriaTextFieldProps {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string;
  placeholder?: string;
  /** Content after the input inside the field row (e.g. a show/hide toggle). */
  adornment?: ReactNode;
}

/**
 * Label + input + description + error, wired for screen readers by react-aria. The field is checked by the app
 * (`isInvalid`, `errorMessage`: the spec's words), never by the browser: react-aria's native behaviour would show the
 * browser's own message ("Please enter a part following '@'") beside the form's, so it is "aria" unless asked.
 */
export function TextField({ label, description, errorMessage, placeholder, adornment, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField validationBehavior="aria" {...props} className={['field', className].filter(Boolean).join(' ')}>
      <Label className="field__label">{label}</Label>
      <div className="field__row">
        <Input className="field__input" placeholder={placeholder} />
        {adornment}
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}

/** A field's description and its error (shown when invalid), wired to it by react-aria: every text field's. */
export function FieldHelp({ description, errorMessage }: { description?: ReactNode; errorMessage?: string | undefined }) {
  return (
    <>
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </>
  );
}
