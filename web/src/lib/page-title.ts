import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';

/** The current screen's title, shown in the coach area's top bar (spec coach-shell §2.1). */
const pageTitleAtom = atom('');

/** Sets the document title for the page (screen-reader users hear it on navigation) and the top bar's title. */
export function usePageTitle(title: string): void {
  const setTitle = useSetAtom(pageTitleAtom);
  useEffect(() => {
    document.title = `${title} | Coach Portal`;
    setTitle(title);
  }, [title, setTitle]);
}

/** The title the current screen gave itself. */
export const usePageTitleValue = (): string => useAtomValue(pageTitleAtom);
