import { buildApp } from './app';
import { openDatabase } from './db/client';
import { addDemoWorldOnFirstStart } from './db/seed/first-start';
import { loadEnv } from './env';
import { SITE_NAME } from '../common/seo';

/** In-flight requests get this long to finish after a stop signal; then their connections are closed. */
const DRAIN_MS = 10_000;

process.setSourceMapsEnabled(true);
const env = loadEnv();
// Opened before the app, so a first development start can add the demo world before anything reads the database;
// closed after the app (below), as buildApp would close a database of its own.
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await addDemoWorldOnFirstStart(database, env, (line) => console.log(line));
const app = await buildApp({ env, database, serveClient: true });
const closeApp = () => app.close().finally(() => database.close());

/**
 * For this long after a stop signal the server still accepts and answers, but every answer carries
 * `Connection: close`: kept-alive clients finish the request they sent and reconnect (to another instance),
 * instead of sending a request on a connection the close is about to cut.
 */
const LAME_DUCK_MS = 1000;
let closing = false;
app.addHook('onSend', async (_request, reply) => {
  if (closing) reply.header('connection', 'close');
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    app.log.info({ signal }, 'stop signal: answering with Connection: close, then draining in-flight requests');
    // A request still running after the drain time loses its connection, so the database can close cleanly.
    const drainLimit = setTimeout(() => {
      app.log.warn({ afterMs: DRAIN_MS }, 'drain time over: closing the remaining connections');
      app.server.closeAllConnections();
    }, DRAIN_MS);
    drainLimit.unref();
    // Then: stop accepting (requests on connections still open answer 503), wait for in-flight requests,
    // run the onClose hooks, then close the database (PGlite flushes its files).
    setTimeout(() => {
      closeApp().then(
        () => {
          clearTimeout(drainLimit);
          app.log.info({ ms: Date.now() - started }, 'stopped cleanly: requests drained, database closed');
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, 'error during shutdown');
          process.exit(1);
        },
      );
    }, LAME_DUCK_MS);
  });
}

try {
  await app.listen({ port: env.PORT, host: env.HOST });
} catch (err) {
  app.log.error({ err }, 'could not start the server');
  await closeApp().catch(() => undefined);
  process.exit(1);
}
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
// One plain line for whoever started it, whatever the log format: the address to open, which is PUBLIC_URL
// (a port of 0 was picked at listen).
const openAt = env.PUBLIC_URL.replace(/^(http:\/\/localhost):0(?=\/|$)/, `$1:${port}`);
console.log(`${SITE_NAME} is ready at ${openAt}`);
