import { useId } from 'react';
import './progress-count.css';

export interface ProgressCountProps {
  /** What is going on ('Please wait'). */
  label: string;
  done: number;
  total: number;
}

/**
 * A job's progress as the spec's jobs show it (assessments-and-clients §4.6): the label, "n of m" and a bar. A plain
 * progressbar: react-aria's ProgressBar pulls its number formatting into the screens' shared chunk.
 */
export function ProgressCount({ label, done, total }: ProgressCountProps) {
  const labelId = useId();
  const valueText = `${done.toLocaleString('en')} of ${total.toLocaleString('en')}`;
  return (
    <div className="progress-count">
      <div className="progress-count__label">
        <span id={labelId}>{label}</span>
        <span className="progress-count__count">{valueText}</span>
      </div>
      <div
        className="progress-count__track"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={valueText}
      >
        <div className="progress-count__fill" style={{ width: `${total > 0 ? (100 * done) / total : 0}%` }} />
      </div>
    </div>
  );
}
