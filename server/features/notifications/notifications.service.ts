import type { Executor } from '../../db/client';
import { insertNotices, type NewNotice } from './notifications.repo';

export type { NewNotice } from './notifications.repo';

/**
 * Tells people something (docs/product.md#notifications): the notice shows under their bell at once and is sent by
 * e-mail by the outbox sender, unless they switched its kind off. Call it on the transaction of the change it tells
 * about, so a notice exists exactly when the change committed.
 */
export async function notify(db: Executor, ...notices: NewNotice[]): Promise<number> {
  return insertNotices(db, notices);
}
