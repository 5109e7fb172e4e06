import { useEffect } from 'react';

/** Sets the document title for the page (screen-reader users hear it on navigation). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | Coach Portal`;
  }, [title]);
}
