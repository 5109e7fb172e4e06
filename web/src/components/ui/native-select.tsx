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
  /** Marked invalid (`aria-invalid`), described by `errorMessage` shown under it (the form's field-error pattern). */
  isInvalid?: boolean;
  errorMessage?: string | undefined;
}

/**
 * A dropdown on the browser's own <select>: for public pages whose JavaScript budget cannot carry
 * react-aria's Select (its list state, popover and focus scope cost about 40 KB gzip). The platform
 * control is keyboard- and screen-reader-accessible as it is.
 */
export function NativeSelect({ label, options, value, onChange, isDisabled, isInvalid = false, errorMessage }: NativeSelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const showError = isInvalid && errorMessage !== undefined && errorMessage !== '';
  return (
    <div className="field" data-invalid={isInvalid || undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input native-select"
        value={value}
        disabled={isDisabled}
        aria-invalid={isInvalid || undefined}
        aria-describedby={showError ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.id} value={option.id} disabled={option.isDisabled}>
            {option.label}
          </option>
        ))}
      </select>
      {showError ? (
        <span id={errorId} className="field__error">
          {errorMessage}
        </span>
      ) : null}
    </div>
  );
}
