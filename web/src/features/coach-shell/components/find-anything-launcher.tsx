import Search from 'lucide-react/icons/search';
import { Suspense, useEffect, useState } from 'react';
import type { Session } from '../../../lib/session/session.ts';
import type { CoachShellParts } from './coach-shell-parts.ts';
import './find-anything-launcher.css';

/** Whether the keyboard is a Mac's: its shortcut is ⌘K, Ctrl+K elsewhere. */
const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export interface FindAnythingLauncherProps {
  session: Session;
  onLogOut: () => void;
  FindAnything: CoachShellParts['FindAnything'];
}

/**
 * The top bar's search button and the shortcut Ctrl+K (⌘K on a Mac) anywhere in the coach area: both open the
 * find-anything palette, another feature's part fetched on the intent to open it and kept once opened.
 */
export function FindAnythingLauncher({ session, onLogOut, FindAnything }: FindAnythingLauncherProps) {
  const [isOpen, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const open = () => {
    setWanted(true);
    setOpen(true);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      // Another dialog (a form, the policies modal that blocks the portal) keeps the keyboard: the browser's own
      // Ctrl+K is not taken from it either.
      if (document.querySelector('.modal-overlay')) return;
      event.preventDefault();
      setWanted(true);
      setOpen((now) => !now);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <button
        type="button"
        className="coach-layout__find"
        onClick={open}
        aria-keyshortcuts="Control+K Meta+K"
        onPointerEnter={FindAnything.preload}
        onFocus={FindAnything.preload}
      >
        <Search className="icon" aria-hidden="true" strokeWidth={1.75} />
        <span className="coach-layout__find-label">Find anything</span>
        <span className="coach-layout__find-keys" aria-hidden="true">
          {isMac() ? '⌘K' : 'Ctrl K'}
        </span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <FindAnything isOpen={isOpen} onOpenChange={setOpen} session={session} onLogOut={onLogOut} />
        </Suspense>
      ) : null}
    </>
  );
}
