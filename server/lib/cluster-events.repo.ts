import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/prepared';

/* The one statement of cluster events: a LISTEN channel is an identifier, so it is named through pg_notify's argument. */

const notifyQuery = preparedStatement<{ channel: string; message: string }>(
  'cluster_notify',
  () => sql`select pg_notify(${sql.placeholder('channel')}, ${sql.placeholder('message')})`,
);

/** Sends `message` to every connection listening on `channel`, this instance's included. */
export async function notifyChannel(db: Db, channel: string, message: string): Promise<void> {
  await notifyQuery.run(db, { channel, message });
}
