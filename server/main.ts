import { buildApp } from './app';
import { loadEnv } from './env';
import { SITE_NAME } from '../common/seo';

/** In-flight requests get this long to finish after a stop signal; then their connections are closed. */
const DRAIN_MS = 10_000;

process.setSourceMapsEnabled(true);
const env = loadEnv();
const app = await buildApp({ env, serveClient: true });

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
    // and run the onClose hooks, which close the database (PGlite flushes its files).
    setTimeout(() => {
      app.close().then(
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
  await app.close().catch(() => undefined);
  process.exit(1);
}
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
const local = env.PUBLIC_URL.startsWith('http://localhost') ? `http://localhost:${port}` : env.PUBLIC_URL;
// One plain line for whoever started it, whatever the log format.
console.log(`${SITE_NAME} is ready at ${local}`);
