import type { Executor } from '../../db/client';
import { releaseLease, takeLease } from './trust.repo';

/** The holder lost its lease (it could not renew it in time, and another instance may have taken over). */
export class LeaseLost extends Error {
  constructor(name: string) {
    super(`The ${name} lease was lost; another instance may have taken over`);
  }
}

export type HeldLease = {
  /** Renews the lease now, or throws LeaseLost: called before each write, so a holder that lost it writes nothing. */
  confirm: () => Promise<void>;
  /** Whether a renewal has failed. */
  readonly lost: boolean;
  release: () => Promise<void>;
};

/**
 * Takes a lease row for `seconds` and renews it every third of that while the job runs, so a long job keeps it
 * and a crashed holder's lease lapses. Null while another holder's lease runs.
 */
export async function holdLease(
  db: Executor,
  name: string,
  holder: string,
  seconds: number,
): Promise<HeldLease | null> {
  if (!(await takeLease(db, name, holder, seconds))) return null;
  let lost = false;
  let renewedAt = Date.now();
  const renew = async () => {
    if (lost) throw new LeaseLost(name);
    if (await takeLease(db, name, holder, seconds)) renewedAt = Date.now();
    else lost = true;
    if (lost) throw new LeaseLost(name);
  };
  const timer = setInterval(() => void renew().catch(() => undefined), (seconds * 1000) / 3);
  timer.unref();
  return {
    confirm: async () => {
      // A renewal at most every few seconds: a job's many small steps do not each cost a write.
      if (!lost && Date.now() - renewedAt < Math.min(5000, (seconds * 1000) / 6)) return;
      await renew();
    },
    get lost() {
      return lost;
    },
    release: async () => {
      clearInterval(timer);
      if (!lost) await releaseLease(db, name, holder);
    },
  };
}
