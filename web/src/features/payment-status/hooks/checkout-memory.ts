import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/local-storage.ts';

/** What the browser remembers of a checkout (spec: public-and-guest §4 step 4): its state and failure message. */
export interface RememberedCheckout {
  state: 'pending' | 'success' | 'fail';
  /** The failure message; null unless the state is fail. */
  message: string | null;
  /** For the restart link when the BFF no longer knows the checkout's coach. */
  coachUuid: string | null;
}

const STATES: ReadonlySet<unknown> = new Set(['pending', 'success', 'fail']);

function isRemembered(value: unknown): value is RememberedCheckout {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const nullableString = (field: unknown) => field === null || typeof field === 'string';
  return STATES.has(record.state) && nullableString(record.message) && nullableString(record.coachUuid);
}

export function recallCheckout(checkoutId: string): RememberedCheckout | undefined {
  return readJson(STORAGE_KEYS.checkoutState(checkoutId), isRemembered);
}

export function rememberCheckout(checkoutId: string, record: RememberedCheckout): void {
  writeJson(STORAGE_KEYS.checkoutState(checkoutId), record);
}
