// The fault switches: off unless SANDBOX_FAULTS=1; set by env or PUT /__sandbox/faults.

export interface FaultSwitches {
  /** Added delay in ms, per operationId ('*' for every operation). */
  latencyMs: Record<string, number>;
  /** Share of calls (0..1) answered 500, per operationId ('*' for every operation). */
  failureRate: Record<string, number>;
  /** Item ids or e-mail addresses whose calls always fail (500): a path parameter, body field or query value equal to one. */
  failingItems: string[];
  /** Operations answered 403 (session gone), '*' for every session call. */
  forbidden: string[];
  /** Operations answered with a 5xx status: operationId → status (500, 502, 503, 504). */
  serverErrors: Record<string, number>;
  /** Operations whose connection is reset without an answer. */
  connectionResets: string[];
  /** Throttle for file downloads, bytes per second (0 = off). */
  slowDownloadBytesPerSecond: number;
}

export function emptySwitches(): FaultSwitches {
  return {
    latencyMs: {},
    failureRate: {},
    failingItems: [],
    forbidden: [],
    serverErrors: {},
    connectionResets: [],
    slowDownloadBytesPerSecond: 0,
  };
}

/** SANDBOX_FAULT_* variables: JSON objects/lists, or a number for the throttle. */
export function switchesFromEnv(env: NodeJS.ProcessEnv): FaultSwitches {
  const json = <T>(name: string, fallback: T): T => {
    const raw = env[name];
    if (!raw) return fallback;
    try {
      return JSON.parse(raw) as T;
    } catch {
      throw new Error(`${name} must be JSON, got: ${raw}`);
    }
  };
  return {
    latencyMs: json('SANDBOX_FAULT_LATENCY', {}),
    failureRate: json('SANDBOX_FAULT_FAILURE_RATE', {}),
    failingItems: json('SANDBOX_FAULT_FAILING_ITEMS', []),
    forbidden: json('SANDBOX_FAULT_FORBIDDEN', []),
    serverErrors: json('SANDBOX_FAULT_SERVER_ERRORS', {}),
    connectionResets: json('SANDBOX_FAULT_RESETS', []),
    slowDownloadBytesPerSecond: Number(env.SANDBOX_FAULT_SLOW_DOWNLOAD ?? 0),
  };
}
