// Entry point: read the configuration, start the BFF, and close it gracefully on SIGTERM/SIGINT
// (stop accepting, finish in-flight requests, close the session store) within SHUTDOWN_TIMEOUT_MS.
// Logs are buffered (logger.ts createBufferedLogger); every way out of this process flushes them.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildServer } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createBufferedLogger } from './logger.ts';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

function closeOnSignals(server: FastifyInstance, logger: Logger, timeoutMs: number): void {
  let closing = false;
  const close = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      server.log.error({ timeoutMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, timeoutMs);
    deadline.unref();
    server.close().then(
      () => {
        clearTimeout(deadline);
        server.log.info('shut down');
        logger.flush();
      },
      (err: unknown) => {
        server.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

const config = readConfig();
const logger = createBufferedLogger(config.logLevel);
// The crash's reason as a JSON line; Node then exits 1 as usual and pino's exit hook writes the buffer.
process.on('uncaughtExceptionMonitor', (err, origin) => logger.fatal({ err, origin }, 'uncaught exception'));
const server = buildServer(config, { logger });
for (const warning of config.warnings) server.log.warn(warning);
closeOnSignals(server, logger, config.shutdownTimeoutMs);
try {
  await server.listen({ host: config.host, port: config.port });
  logger.flush();
} catch (err) {
  server.log.fatal({ err }, 'could not start');
  process.exit(1);
}
