import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { SEARCH_MAX_LENGTH } from './table-state.ts';

const SEARCH_DELAY_MS = 300;

/** The search box: the URL follows the typing after a short pause; `/` focuses it, ArrowDown leaves it for the rows. */
export function SearchBox({
  value,
  onSearch,
  inputRef,
  onArrowDown,
}: {
  value: string;
  onSearch: (q: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  onArrowDown: () => void;
}) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const latestOnSearch = useRef(onSearch);
  latestOnSearch.current = onSearch;
  useEffect(() => {
    // The URL changed by itself (clear, Back): show what it says.
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text;
      latestOnSearch.current(text);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const id = useId();
  // A plain search input: the platform gives Esc-to-clear and the keyboard. It takes no more than the contract's
  // search text, so that no search is refused.
  return (
    <div className="field data-table__search">
      <label className="visually-hidden" htmlFor={id}>
        Search
      </label>
      <input
        id={id}
        className="field__input"
        type="search"
        placeholder="Search"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        ref={inputRef}
        aria-keyshortcuts="/"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' || event.altKey) return;
          event.preventDefault();
          onArrowDown();
        }}
      />
    </div>
  );
}
