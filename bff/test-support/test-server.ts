// A configuration and a log capture for tests that build the real server.
import type { DestinationStream } from 'pino';
import { type Config, loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';

export const TEST_SECRET = 'test-secret-0123456789abcdef0123456789';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_SECRETS: TEST_SECRET, ...env });
}

export interface CapturedLogs {
  logger: ReturnType<typeof createLogger>;
  text: () => string;
  lines: () => Record<string, unknown>[];
}

export function captureLogs(level = 'info'): CapturedLogs {
  const chunks: string[] = [];
  const destination: DestinationStream = { write: (chunk: string) => void chunks.push(chunk) };
  return {
    logger: createLogger(level, destination),
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}
