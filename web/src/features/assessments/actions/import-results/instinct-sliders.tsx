import { useId } from 'react';
import type { components } from '../../../../../../generated/bff.ts';
import { INSTINCT_NAMES } from '../../../../lib/labels/assessments.ts';

export type InstinctScores = components['schemas']['InstinctScores'];

/** Where the sliders start: level, so the coach sets each score (a tie is refused, spec §5 "Import results"). */
export const LEVEL_SCORES: InstinctScores = { sp: 50, so: 50, sx: 50 };
/** spec assessments-and-clients §9: the slider steps of the area, shown as the sliders' marks. */
const MARKS = [0, 20, 40, 50, 60, 80, 100];
const INSTINCTS = [
  ['sp', INSTINCT_NAMES.SP],
  ['so', INSTINCT_NAMES.SO],
  ['sx', INSTINCT_NAMES.SX],
] as const;

/** True when two of the three scores are the same (spec §5 "Import results": there cannot be a tie). */
export const isTie = ({ sp, so, sx }: InstinctScores) => sp === so || sp === sx || so === sx;

/** The three instinct scores of imported results (spec §3.6 scoreSP, scoreSO, scoreSX), 0 to 100 each. */
export function InstinctSliders({ value, onChange }: { value: InstinctScores; onChange: (value: InstinctScores) => void }) {
  const marks = useId();
  return (
    <fieldset className="field-group">
      <legend>Instinct scores</legend>
      <p className="field__description import-results__hint">From 0 to 100 each; no two may be the same.</p>
      <datalist id={marks}>
        {MARKS.map((mark) => (
          <option key={mark} value={mark} />
        ))}
      </datalist>
      {INSTINCTS.map(([key, label]) => (
        <InstinctSlider
          key={key}
          label={label}
          marks={marks}
          value={value[key]}
          onChange={(score) => onChange({ ...value, [key]: score })}
        />
      ))}
    </fieldset>
  );
}

function InstinctSlider({
  label,
  marks,
  value,
  onChange,
}: {
  label: string;
  marks: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="field import-instinct">
      <div className="import-instinct__head">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <output className="import-instinct__value" htmlFor={id}>
          {value}
        </output>
      </div>
      <input
        id={id}
        className="import-instinct__range"
        type="range"
        min={0}
        max={100}
        step={1}
        list={marks}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  );
}
