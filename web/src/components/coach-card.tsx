import type { ReactNode } from 'react';
import './coach-card.css';

/** The first letters of the first and the last word of a name ('Amara Botha' → 'AB'). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

export interface CoachCardProps {
  /** The coach as the legacy answer names them. */
  name: string;
  /** What the coach is to the visitor ('Your coach'), in the page's language. */
  label: string;
  /** A line under the name (what the coach does with the results). */
  children?: ReactNode;
}

/**
 * Whose page a guest is on (spec public-and-guest §3: `coachName` of selfpay/init, the coach's `displayName` of
 * mintor/startAssessment): the coach's initials, what they are to the guest and their name. The legacy answers carry
 * no photo or business name, so the initials stand in for a picture.
 */
export function CoachCard({ name, label, children }: CoachCardProps) {
  return (
    <section className="coach-card" aria-label={`${label}: ${name}`}>
      <span className="coach-card__avatar" aria-hidden="true">
        {initials(name)}
      </span>
      <div className="coach-card__text">
        <span className="coach-card__label">{label}</span>
        <strong className="coach-card__name">{name}</strong>
        {children ? <span className="coach-card__note">{children}</span> : null}
      </div>
    </section>
  );
}
