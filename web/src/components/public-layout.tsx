import type { ReactNode } from 'react';
import { Logo } from './brand/logo.tsx';
import './public-layout.css';

/**
 * Around every public page (spec public-and-guest §2): the brand's header over the page's `<main>`, drawn as a
 * centred card on the portal's surface. Plain markup and CSS: it is on every public route's first load.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="public-layout">
      <header className="public-layout__header">
        <Logo />
      </header>
      {children}
    </div>
  );
}
