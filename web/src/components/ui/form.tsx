import type { Ref } from 'react';
import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';

export interface FormProps extends AriaFormProps {
  /** The form element: `useFieldErrors`' `formRef`, where the first invalid field is found. */
  ref?: Ref<HTMLFormElement>;
}

/** A form whose fields show their errors through react-aria (validationBehavior "aria": no native bubbles). */
export function Form({ className, ...props }: FormProps) {
  return <AriaForm validationBehavior="aria" {...props} className={['stack', className].filter(Boolean).join(' ')} />;
}
