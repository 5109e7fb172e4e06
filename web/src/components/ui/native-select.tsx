import { type ReactNode, useId } from 'react';
import './native-select.css';

export interface NativeSelectOption {
  id: string;
  label: string;
  /** Shown but not choosable (its label says why). */
  isDisabled?: boolean;
}

export interface NativeSelectProps {
  label: ReactNode;
  options: readonly NativeSelectOption[];
  value: string;
  onChange: (value: string) => void;
  isDisabled?: boolean;
}

/**
 * A dropdown on the browser's own <select>: for public pages whose JavaScript budget cannot carry
 * react-aria's Select (its list state, popover and focus scope cost about 40 KB gzip). The platform
 * control is keyboard- and screen-reader-accessible as it is.
 */
export function NativeSelect({ label, options, value, onChange, isDisabled }: NativeSelectProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input native-select"
        value={value}
        disabled={isDisabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.id} value={option.id} disabled={option.isDisabled}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
