import type { Key, ReactNode } from 'react';
import {
  Select as AriaSelect,
  type SelectProps as AriaSelectProps,
  Button,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  SelectValue,
} from 'react-aria-components';

export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectProps extends Omit<AriaSelectProps<SelectOption>, 'children' | 'items'> {
  label: ReactNode;
  options: readonly SelectOption[];
  errorMessage?: string;
}

/** A single-choice dropdown (react-aria Select: typeahead, keyboard, screen-reader labels). */
export function Select({ label, options, errorMessage, className, ...props }: SelectProps) {
  return (
    <AriaSelect {...props} className={['field', className].filter(Boolean).join(' ')}>
      <Label className="field__label">{label}</Label>
      <Button className="field__input select__button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <FieldError className="field__error">{errorMessage}</FieldError>
      <Popover className="popover">
        <ListBox className="listbox" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className="listbox__item">
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

export type { Key };
