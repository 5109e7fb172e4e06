// Whether this instance's Redis connection is usable right now. While Redis is known to be down (the
// connection closed, or a command or the heartbeat timed out while it stays open, e.g. a hung server),
// requests that need it are refused at once with 503 instead of each waiting for a command timeout;
// a heartbeat PING notices both the outage and the recovery within about a second.
import type { Redis } from 'ioredis';

/**
 * The errors ioredis gives when Redis can't be reached (not a command's own error reply): no retry left
 * (`MaxRetriesPerRequestError`), a pipeline or transaction cut by the connection's close (`AbortError`
 * "Command aborted due to connection close"), a command timeout, a connection closed for good or unwritable.
 */
export function isRedisUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    // Not by name: an aborted fetch or signal is an AbortError too.
    error.message === 'Command aborted due to connection close' ||
    error.message === 'Command timed out' ||
    error.message === 'Connection is closed.' ||
    error.message.startsWith("Stream isn't writeable")
  );
}

export interface RedisAvailabilityOptions {
  /** How often the connection is pinged. */
  heartbeatMs?: number;
  /** A PING slower than this counts as down. */
  heartbeatTimeoutMs?: number;
  /** Told on every change (for a log line or a gauge). */
  onChange?: (up: boolean) => void;
}

export class RedisAvailability {
  readonly #client: Redis;
  readonly #timer: NodeJS.Timeout;
  readonly #heartbeatTimeoutMs: number;
  readonly #onChange: (up: boolean) => void;
  #up = true;
  #pinging = false;

  constructor(client: Redis, { heartbeatMs = 1_000, heartbeatTimeoutMs = 1_000, onChange = () => {} }: RedisAvailabilityOptions = {}) {
    this.#client = client;
    this.#heartbeatTimeoutMs = heartbeatTimeoutMs;
    this.#onChange = onChange;
    // A closed connection is down at once; 'ready' alone does not bring it back (a hung server accepts connections).
    client.on('close', () => this.#set(false));
    client.on('ready', () => void this.#heartbeat());
    this.#timer = setInterval(() => void this.#heartbeat(), heartbeatMs);
    this.#timer.unref();
  }

  /** False while Redis is known to be down. */
  get up(): boolean {
    return this.#up;
  }

  /** A request's Redis command failed for want of Redis: down until the heartbeat gets an answer. */
  failed(error: unknown): void {
    if (isRedisUnavailableError(error)) this.#set(false);
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  async #heartbeat(): Promise<void> {
    if (this.#pinging || this.#client.status === 'end') return;
    this.#pinging = true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), this.#heartbeatTimeoutMs);
    });
    const answered = this.#client.ping().then(
      () => true,
      () => false,
    );
    try {
      // A late PING marks Redis down now; its answer, when it comes, brings it back up.
      const inTime = await Promise.race([answered, late]);
      if (!inTime) this.#set(false);
      this.#set(await answered);
    } finally {
      clearTimeout(timer);
      this.#pinging = false;
    }
  }

  #set(up: boolean): void {
    if (up === this.#up) return;
    this.#up = up;
    this.#onChange(up);
  }
}
