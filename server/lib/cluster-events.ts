import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client';
import { notifyChannel } from './cluster-events.repo';

/**
 * Tells every instance of the app on one PostgreSQL what one of them changed, through LISTEN/NOTIFY
 * (no extra service: the database every instance already shares). With PGlite there is one process,
 * so an event only reaches this instance's own handlers.
 *
 * Delivery is at most once: an instance that loses its listening connection misses what was sent
 * meanwhile. `connected()` says so, and holders of caches stop trusting them until it is back
 * (`onReconnect` tells them to drop what they kept).
 */
export type ClusterEvents = {
  publish: (message: string) => Promise<void>;
  subscribe: (handler: (message: string) => void) => void;
  /** False while the listening connection is down: cached state may be stale. */
  connected: () => boolean;
  onReconnect: (handler: () => void) => void;
  close: () => Promise<void>;
};

const CHANNEL = 'pr_cluster_events';
const RECONNECT_DELAYS_MS = [100, 500, 1000, 2000, 5000];

export function createLocalClusterEvents(): ClusterEvents {
  const handlers: ((message: string) => void)[] = [];
  return {
    publish: async (message) => handlers.forEach((handler) => handler(message)),
    subscribe: (handler) => void handlers.push(handler),
    connected: () => true,
    onReconnect: () => undefined,
    close: async () => undefined,
  };
}

/** Sending goes through the app's pool (any connection will do); listening takes a connection of its own. */
export async function createPostgresClusterEvents(options: {
  url: string;
  db: Db;
  log: FastifyBaseLogger;
}): Promise<ClusterEvents> {
  const handlers: ((message: string) => void)[] = [];
  const reconnectHandlers: (() => void)[] = [];
  let listener: pg.Client | null = null;
  let closed = false;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 3000, keepAlive: true });
    client.on('notification', (notification) => {
      if (notification.channel !== CHANNEL || notification.payload === undefined) return;
      for (const handler of handlers) handler(notification.payload);
    });
    client.on('error', () => undefined);
    client.on('end', () => {
      if (listener !== client || closed) return;
      listener = null;
      options.log.warn('cluster events: listening connection lost; caches bypassed until it is back');
      scheduleReconnect();
    });
    await client.connect();
    // On the listener's own pg client (not Drizzle's pool), and LISTEN takes no parameters: not a declared statement.
    await client.query(`listen ${CHANNEL}`);
    listener = client;
  };

  const scheduleReconnect = () => {
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
    failures += 1;
    const timer = setTimeout(() => {
      if (closed) return;
      connect().then(
        () => {
          failures = 0;
          options.log.info('cluster events: listening again');
          for (const handler of reconnectHandlers) handler();
        },
        () => scheduleReconnect(),
      );
    }, delay);
    timer.unref();
  };

  await connect();
  return {
    publish: (message) => notifyChannel(options.db, CHANNEL, message),
    subscribe: (handler) => void handlers.push(handler),
    connected: () => listener !== null,
    onReconnect: (handler) => void reconnectHandlers.push(handler),
    close: async () => {
      closed = true;
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}
