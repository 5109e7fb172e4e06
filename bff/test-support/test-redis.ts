// A throwaway redis-server (redis-server.ts) for one test file: started before its first test, stopped after
// its last, with the connections the tests open to it quit before it stops.
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { type RunningRedis, startRedis } from './redis-server.ts';

export interface TestRedis {
  /** The running server (from the first test on). */
  readonly server: RunningRedis;
  readonly url: string;
  /** A connection of the test's own, to read what a store wrote or flush it all between tests. */
  readonly inspector: Redis;
  /** A new connection as the BFF opens them (one retry per command), quit with the others. */
  client(): Redis;
  /** Quits the connections `client()` opened so far (the inspector stays). */
  quitClients(): Promise<void>;
}

export function redisServerForTests(): TestRedis {
  let server: RunningRedis | undefined;
  let inspector: Redis | undefined;
  const clients: Redis[] = [];
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('redis-server is not started: use it inside a test or hook');
    return value;
  };
  const quitClients = async () => {
    await Promise.all(clients.splice(0).map((client) => client.quit()));
  };
  beforeAll(async () => {
    server = await startRedis();
    inspector = new Redis(server.url);
  });
  afterAll(async () => {
    await quitClients();
    await inspector?.quit();
    await server?.stop();
  });
  return {
    get server() {
      return started(server);
    },
    get url() {
      return started(server).url;
    },
    get inspector() {
      return started(inspector);
    },
    client: () => {
      const client = new Redis(started(server).url, { maxRetriesPerRequest: 1 });
      clients.push(client);
      return client;
    },
    quitClients,
  };
}
