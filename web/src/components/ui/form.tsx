import { Form as AriaForm, type FormProps } from 'react-aria-components';

/** A form whose fields show their errors through react-aria (validationBehavior "aria": no native bubbles). */
export function Form({ className, ...props }: FormProps) {
  return <AriaForm validationBehavior="aria" {...props} className={['stack', className].filter(Boolean).join(' ')} />;
}
