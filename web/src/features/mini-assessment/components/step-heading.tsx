import { type ReactNode, useEffect, useRef } from 'react';

/** Each step's title; it takes the focus when the step appears so that screen readers start there. */
export function StepHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h1 ref={heading} tabIndex={-1} className="mini__heading">
      {children}
    </h1>
  );
}
