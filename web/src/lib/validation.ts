/**
 * The e-mail check of the old portal (spec public-and-guest §5: "something, at-sign, something,
 * dot, something"). The BFF validates again; this only drives the form's state.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** A uuid as the portal's links carry them (a coach's, a guest's, a checkout's): 36 characters, hex in 8-4-4-4-12. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
