// What the BFF remembers about a self-pay checkout between createCheckout and the PayPal and status
// calls (contract: createCheckout "remembers the checkout (coach, provider, amount, currency)"): the
// browser never states a price, so the PayPal order is created from this record. In this process's
// memory, or in Redis when REDIS_URL is set so that every BFF instance knows every checkout.
// Records read back from Redis cross a non-HTTP boundary, so they are TypeBox-checked on every read.
import type { Redis } from 'ioredis';
import Type from 'typebox';
import { Compile } from 'typebox/compile';

export const CheckoutRecordSchema = Type.Object({
  checkoutId: Type.String({ minLength: 1, maxLength: 64 }),
  coachUuid: Type.String({ minLength: 1, maxLength: 64 }),
  provider: Type.Union([Type.Literal('card'), Type.Literal('paypal')]),
  /** Two decimals, as the provider is sent it (`632.50`). */
  amount: Type.String({ pattern: '^[0-9]{1,7}\\.[0-9]{2}$' }),
  currency: Type.String({ minLength: 1, maxLength: 8 }),
  /** The PayPal client id from selfpay/init (the buttons and the order use the same PayPal app). */
  payPalClientId: Type.Union([Type.String(), Type.Null()]),
  /** The PayPal order created for this checkout, once there is one. */
  payPalOrderId: Type.Union([Type.String(), Type.Null()]),
  /** True once the legacy capture answered success: a new createPayPalOrder is then refused. */
  captured: Type.Boolean(),
  createdAt: Type.Integer({ minimum: 0 }),
});

export type CheckoutRecord = Type.Static<typeof CheckoutRecordSchema>;

export interface CheckoutStore {
  /** The record, or undefined when it is unknown, expired or no longer reads back as a valid record. */
  get(checkoutId: string): Promise<CheckoutRecord | undefined>;
  /** Writes the whole record; it is forgotten `CHECKOUT_TTL_MS` after its `createdAt` (updates do not extend it). */
  set(record: CheckoutRecord): Promise<void>;
}

const DAY = 24 * 60 * 60 * 1000;
/** How long a checkout is remembered (the status page links stay usable that long). */
export const CHECKOUT_TTL_MS = 7 * DAY;

export interface MemoryCheckoutStoreOptions {
  ttlMs?: number;
  /** The most checkouts kept; the oldest are forgotten first (bounded memory whatever the traffic). */
  maxEntries?: number;
  now?: () => number;
}

/** This process's memory: a checkout made through one BFF instance is unknown to another (see README). */
export class MemoryCheckoutStore implements CheckoutStore {
  readonly #records = new Map<string, CheckoutRecord>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor({ ttlMs = CHECKOUT_TTL_MS, maxEntries = 50_000, now = Date.now }: MemoryCheckoutStoreOptions = {}) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  async get(checkoutId: string): Promise<CheckoutRecord | undefined> {
    const record = this.#records.get(checkoutId);
    if (record && this.#now() - record.createdAt >= this.#ttlMs) {
      this.#records.delete(checkoutId);
      return undefined;
    }
    return record ? { ...record } : undefined;
  }

  async set(record: CheckoutRecord): Promise<void> {
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

export interface RedisCheckoutStoreOptions {
  ttlMs?: number;
  /** Like the session store's `portal:session:`. */
  keyPrefix?: string;
  now?: () => number;
}

// Compiled once: every PayPal and status call reads its record back through this check.
const checkoutRecordCheck = Compile(CheckoutRecordSchema);

function parseCheckoutRecord(json: string): CheckoutRecord | undefined {
  try {
    const value: unknown = JSON.parse(json);
    return checkoutRecordCheck.Check(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Shared by every BFF instance on one Redis: each checkout is one JSON string key with a TTL. */
export class RedisCheckoutStore implements CheckoutStore {
  readonly #client: Redis;
  readonly #ttlMs: number;
  readonly #keyPrefix: string;
  readonly #now: () => number;

  constructor(client: Redis, { ttlMs = CHECKOUT_TTL_MS, keyPrefix = 'portal:checkout:', now = Date.now }: RedisCheckoutStoreOptions = {}) {
    this.#client = client;
    this.#ttlMs = ttlMs;
    this.#keyPrefix = keyPrefix;
    this.#now = now;
  }

  async get(checkoutId: string): Promise<CheckoutRecord | undefined> {
    const json = await this.#client.get(this.#key(checkoutId));
    return json === null ? undefined : parseCheckoutRecord(json);
  }

  async set(record: CheckoutRecord): Promise<void> {
    // The TTL counts from createdAt, as in memory: an order or a capture does not extend it.
    const remainingMs = record.createdAt + this.#ttlMs - this.#now();
    if (remainingMs <= 0) {
      await this.#client.del(this.#key(record.checkoutId));
      return;
    }
    await this.#client.set(this.#key(record.checkoutId), JSON.stringify(record), 'PX', remainingMs);
  }

  #key(checkoutId: string): string {
    return `${this.#keyPrefix}${checkoutId}`;
  }
}
