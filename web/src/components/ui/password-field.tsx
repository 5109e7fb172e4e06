import { useState } from 'react';
import { ToggleButton } from 'react-aria-components';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** A password input with a show/hide toggle (spec public-and-guest §2, reset password). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'adornment'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      adornment={
        <ToggleButton className="btn btn--quiet field__toggle" isSelected={visible} onChange={setVisible}>
          {visible ? 'Hide' : 'Show'}
          <span className="visually-hidden"> {typeof props.label === 'string' ? props.label : 'password'}</span>
        </ToggleButton>
      }
    />
  );
}
