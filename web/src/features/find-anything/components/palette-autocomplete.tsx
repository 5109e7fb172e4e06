import { type ChangeEvent, type ContextType, type InputHTMLAttributes, type RefObject, useRef, useState } from 'react';
import { useAutocomplete } from 'react-aria/useAutocomplete';
import type { SelectableCollectionContext } from 'react-aria-components';

type AutocompleteState = Parameters<typeof useAutocomplete>[1];

export interface PaletteAutocomplete {
  /** For the field: the text, aria-activedescendant and aria-controls, the keys that move through the list. */
  inputProps: InputHTMLAttributes<HTMLInputElement> & { ref: RefObject<HTMLInputElement | null> };
  /** For the list, through react-aria-components' SelectableCollectionContext: its id and the virtual focus. */
  collectionProps: ContextType<typeof SelectableCollectionContext>;
  /** The option the field points at (aria-activedescendant). */
  focusedNodeId: string | null;
}

/**
 * react-aria-components' Autocomplete as the palette uses it, from the same hook: one field that keeps the keyboard
 * over a ListBox, the text controlled and no `filter` (nothing is taken out of the list). Not the component itself:
 * its module also holds the contexts every TextField imports, so using it would put the hook and what it needs in the
 * `fields` chunk every form page loads (web/vite.config.ts); unused, it is left out of the build, and the hook comes
 * with the palette's lazy chunk. The field is the palette's own input, so it needs no TextField either.
 */
export function usePaletteAutocomplete(inputValue: string, onInputChange: (value: string) => void): PaletteAutocomplete {
  const [focusedNodeId, setFocusedNodeId] = useState<string | null>(null);
  const state: AutocompleteState = { inputValue, setInputValue: onInputChange, focusedNodeId, setFocusedNodeId };
  const inputRef = useRef<HTMLInputElement>(null);
  const collectionRef = useRef<HTMLElement>(null);
  const autocomplete = useAutocomplete({ inputRef, collectionRef }, state);
  const { onChange, ...fieldProps } = autocomplete.inputProps;
  return {
    inputProps: {
      ...(fieldProps as InputHTMLAttributes<HTMLInputElement>),
      // The hook takes the text, as react-aria's fields hand it over.
      onChange: (event: ChangeEvent<HTMLInputElement>) => onChange?.(event.target.value),
      ref: inputRef,
    },
    collectionProps: { ...autocomplete.collectionProps, ref: autocomplete.collectionRef },
    focusedNodeId,
  };
}
