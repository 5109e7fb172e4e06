// The portal's mark: the nine points of the Enneagram on a circle, joined by its inner triangle (3-6-9) and its
// hexad (1-4-2-8-5-7), beside the word mark. Drawn inline (no request, crisp at any size, the brand colour).
import { hexadPath, trianglePath } from './enneagram-geometry.ts';

const TRIANGLE = trianglePath(16, 12);
const HEXAD = hexadPath(16, 12);

export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="var(--color-brand)" />
      <circle cx="16" cy="16" r="12" fill="none" stroke="var(--color-on-primary)" strokeOpacity="0.45" strokeWidth="1" />
      <path d={HEXAD} fill="none" stroke="var(--color-on-primary)" strokeWidth="1.4" strokeLinejoin="round" />
      <path d={TRIANGLE} fill="none" stroke="var(--color-brand-accent)" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

/** The mark and the name, as the top bar and the sign-in pages show them. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={['logo', className].filter(Boolean).join(' ')}>
      <LogoMark />
      <span className="logo__name">Coach Portal</span>
    </span>
  );
}
