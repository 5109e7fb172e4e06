import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
}

/** Label and value pairs as a description list. */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="report-facts">
      {facts.map((fact) => (
        <div key={fact.label} className="report-facts__row">
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
