/**
 * The e-mail check of the old portal (spec public-and-guest §5: "something, at-sign, something,
 * dot, something"). The BFF validates again; this only drives the form's state.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
