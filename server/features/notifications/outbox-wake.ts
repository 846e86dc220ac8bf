/**
 * The outbox senders of this process: notify() wakes them so a notice's e-mail leaves within seconds of its commit
 * instead of at the next periodic look. A wake before the commit finds nothing; the periodic look catches that.
 */
const senders = new Set<() => void>();

export function onOutboxWake(wake: () => void): () => void {
  senders.add(wake);
  return () => senders.delete(wake);
}

export function wakeOutbox(): void {
  for (const wake of senders) wake();
}
