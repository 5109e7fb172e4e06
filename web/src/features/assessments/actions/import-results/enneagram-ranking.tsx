import { useState } from 'react';
import { NativeSelect } from '../../../../components/ui/native-select.tsx';

/** spec assessments-and-clients §3.6, §9: the nine styles ranked, the first three the ordered trifix (default 125). */
export const DEFAULT_RANKING: readonly number[] = [1, 2, 5, 3, 4, 6, 7, 8, 9];
const STYLES = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((style) => ({ id: String(style), label: String(style) }));
const PLACES = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th'];

/**
 * The ranking with `style` put at `place`: the style that was there takes the chosen style's old place, so each style
 * stays ranked exactly once.
 */
export function placeStyle(ranking: readonly number[], place: number, style: number): number[] {
  const from = ranking.indexOf(style);
  const next = [...ranking];
  if (from === -1 || from === place) return next;
  next[from] = ranking[place] as number;
  next[place] = style;
  return next;
}

/**
 * The nine places of the Enneagram ranking (spec §3.6 enneaRankingCSV), one dropdown each: a coach copying a ranking
 * tabs through the places typing each style's digit. Choosing a style already ranked swaps the two, said aloud and
 * shown under the places.
 */
export function EnneagramRanking({ value, onChange }: { value: readonly number[]; onChange: (value: number[]) => void }) {
  const [swapped, setSwapped] = useState('');
  const choose = (place: number, style: number) => {
    const from = value.indexOf(style);
    const displaced = value[place];
    onChange(placeStyle(value, place, style));
    setSwapped(from === place ? '' : `Style ${style} is now ${PLACES[place]}; style ${displaced} moved to ${PLACES[from]}.`);
  };
  return (
    <fieldset className="field-group">
      <legend>Enneagram ranking</legend>
      <p className="field__description import-results__hint">
        From most to least like the client, each style once; the first three are the ordered trifix. Choosing a style already ranked swaps
        the two.
      </p>
      <div className="import-ranking">
        {value.map((style, place) => (
          <div key={PLACES[place]} className={place < 3 ? 'import-ranking__place import-ranking__place--trifix' : 'import-ranking__place'}>
            <NativeSelect label={PLACES[place]} options={STYLES} value={String(style)} onChange={(id) => choose(place, Number(id))} />
          </div>
        ))}
      </div>
      <p className="import-ranking__summary">
        Trifix <strong>{value.slice(0, 3).join('')}</strong> · Ranking {value.join(',')}
      </p>
      <p className="import-ranking__swapped" aria-live="polite">
        {swapped}
      </p>
    </fieldset>
  );
}
