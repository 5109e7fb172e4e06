// Entry point: read the configuration, start the BFF, and close it gracefully on SIGTERM/SIGINT
// (stop accepting, finish in-flight requests, close the session store) within SHUTDOWN_TIMEOUT_MS.
import type { FastifyInstance } from 'fastify';
import { buildServer } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

function closeOnSignals(server: FastifyInstance, timeoutMs: number): void {
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
const server = buildServer(config);
for (const warning of config.warnings) server.log.warn(warning);
closeOnSignals(server, config.shutdownTimeoutMs);
try {
  await server.listen({ host: config.host, port: config.port });
} catch (err) {
  server.log.fatal({ err }, 'could not start');
  process.exit(1);
}
