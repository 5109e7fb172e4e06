import type { ReactNode, Ref } from 'react';
import {
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  Label,
} from 'react-aria-components';
import { FieldHelp } from './text-field.tsx';

export interface TextAreaProps extends AriaTextFieldProps {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string;
  rows?: number;
  /** The <textarea> itself, e.g. to insert text at the caret. */
  textAreaRef?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text field with label, description and error. */
export function TextArea({ label, description, errorMessage, rows = 4, className, textAreaRef, ...props }: TextAreaProps) {
  return (
    <AriaTextField validationBehavior="aria" {...props} className={['field', className].filter(Boolean).join(' ')}>
      <Label className="field__label">{label}</Label>
      <AriaTextArea ref={textAreaRef} className="field__input" rows={rows} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
