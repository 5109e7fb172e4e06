import { Button as AriaButton, type ButtonProps as AriaButtonProps, composeRenderProps } from 'react-aria-components';

export interface ButtonProps extends AriaButtonProps {
  variant?: 'primary' | 'secondary' | 'danger' | 'quiet';
}

/** The one button: react-aria's Button (press, keyboard, focus ring) in the portal's styles. */
export function Button({ variant = 'primary', className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(className, (extra) => ['btn', `btn--${variant}`, extra].filter(Boolean).join(' '))}
    />
  );
}
