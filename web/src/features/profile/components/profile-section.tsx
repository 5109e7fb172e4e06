import type { ReactNode } from 'react';
import { SECTIONS, type SectionId } from './profile-text.ts';

/** One section: its heading (the tab's name unless given) and its content, reachable as #<id>. */
export function ProfileSection({ id, title, children }: { id: SectionId; title?: string; children: ReactNode }) {
  const { id: anchor, label } = SECTIONS[id];
  return (
    <section id={anchor} className="card profile__section" aria-labelledby={`${anchor}-title`}>
      <h2 id={`${anchor}-title`}>{title ?? label}</h2>
      {children}
    </section>
  );
}
