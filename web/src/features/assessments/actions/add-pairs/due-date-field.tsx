import { CalendarDays } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date written YYYY-MM-DD (spec assessments-and-clients §2.2: the screens' one date format). */
export function isIsoDate(text: string): boolean {
  const parts = ISO_DATE.exec(text);
  if (!parts) return false;
  const date = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  return date.toISOString().startsWith(text);
}

export interface DueDateFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The earliest date the calendar offers (YYYY-MM-DD). */
  min: string;
  description: string;
  /** The field's refusal, shown under the description (which names the earliest date the refusal asks for). */
  errorMessage?: string;
}

/**
 * The due date as the rest of the portal writes dates, YYYY-MM-DD: typed in a text field, or picked from the
 * browser's calendar. A date input would show the browser's own format (mm/dd/yyyy in an American locale), so the
 * date input only serves the calendar, out of sight and out of the tab order, and what it picks fills the field.
 */
export function DueDateField({ value, onChange, min, description, errorMessage }: DueDateFieldProps) {
  const picker = useRef<HTMLInputElement>(null);
  // Browsers without showPicker (older ones) keep the typed field only.
  const canPick = typeof HTMLInputElement !== 'undefined' && 'showPicker' in HTMLInputElement.prototype;
  return (
    <TextField
      label="Due date"
      value={value}
      onChange={onChange}
      placeholder="YYYY-MM-DD"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      isInvalid={errorMessage !== undefined}
      errorMessage={errorMessage}
      description={description}
      adornment={
        canPick ? (
          <span className="due-date-field__pick">
            <Button variant="secondary" aria-label="Choose the due date in a calendar" onPress={() => picker.current?.showPicker()}>
              <CalendarDays className="icon" aria-hidden />
            </Button>
            <input
              ref={picker}
              type="date"
              className="due-date-field__calendar"
              tabIndex={-1}
              aria-hidden="true"
              min={min}
              value={isIsoDate(value) ? value : ''}
              onChange={(event) => onChange(event.target.value)}
            />
          </span>
        ) : null
      }
    />
  );
}
