// What the BFF remembers about a self-pay checkout between createCheckout and the PayPal and status
// calls (contract: createCheckout "remembers the checkout (coach, provider, amount, currency)"): the
// browser never states a price, so the PayPal order is created from this record.

export interface CheckoutRecord {
  checkoutId: string;
  coachUuid: string;
  provider: 'card' | 'paypal';
  /** Two decimals, as the provider is sent it (`632.50`). */
  amount: string;
  currency: string;
  /** The PayPal client id from selfpay/init (the buttons and the order use the same PayPal app). */
  payPalClientId: string | null;
  /** The PayPal order created for this checkout, once there is one. */
  payPalOrderId: string | null;
  /** True once the legacy capture answered success: a new createPayPalOrder is then refused. */
  captured: boolean;
  createdAt: number;
}

export interface CheckoutStore {
  get(checkoutId: string): CheckoutRecord | undefined;
  set(record: CheckoutRecord): void;
}

export interface MemoryCheckoutStoreOptions {
  /** How long a checkout is remembered (the status page links stay usable that long). */
  ttlMs?: number;
  /** The most checkouts kept; the oldest are forgotten first (bounded memory whatever the traffic). */
  maxEntries?: number;
  now?: () => number;
}

const DAY = 24 * 60 * 60 * 1000;

/** This process's memory: a checkout made through one BFF instance is unknown to another (see README). */
export class MemoryCheckoutStore implements CheckoutStore {
  readonly #records = new Map<string, CheckoutRecord>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor({ ttlMs = 7 * DAY, maxEntries = 50_000, now = Date.now }: MemoryCheckoutStoreOptions = {}) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  get(checkoutId: string): CheckoutRecord | undefined {
    const record = this.#records.get(checkoutId);
    if (record && this.#now() - record.createdAt >= this.#ttlMs) {
      this.#records.delete(checkoutId);
      return undefined;
    }
    return record ? { ...record } : undefined;
  }

  set(record: CheckoutRecord): void {
    // Re-inserted at the end: the Map's order is the eviction order (oldest write first).
    this.#records.delete(record.checkoutId);
    this.#records.set(record.checkoutId, { ...record });
    for (const [id, oldest] of this.#records) {
      if (this.#records.size <= this.#maxEntries && this.#now() - oldest.createdAt < this.#ttlMs) break;
      this.#records.delete(id);
    }
  }

  get size(): number {
    return this.#records.size;
  }
}
