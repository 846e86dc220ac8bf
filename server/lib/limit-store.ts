import { Redis } from 'ioredis';

/** One budget: at most `max` takes per `windowMs`, counted from the first take of the window. */
export type Budget = { key: string; max: number; windowMs: number };

export type TakeResult = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Where rate-limit and lock-out counters live (decision 005): Redis when REDIS_URL is set, so every instance
 * spends one budget; otherwise a bounded map in this process that an attacker cannot flush.
 */
export type LimitStore = {
  /**
   * Takes one from every budget, or from none: when any budget is spent nothing is counted and the answer says
   * how long until the last spent one frees up. Atomic, so parallel requests cannot overdraw a budget.
   */
  take: (budgets: Budget[]) => Promise<TakeResult>;
  /** Gives one back to each key (a successful sign-in is not a failure). */
  refund: (keys: string[]) => Promise<void>;
  close: () => Promise<void>;
};

type Counter = { count: number; resetAt: number; max: number };

/**
 * The in-process store. When it holds `maxEntries` keys, room is made by dropping expired counters first, then
 * counters that lock nobody out (oldest first); a counter that currently refuses someone is dropped only when
 * nothing else is left. So a flood of junk keys cannot erase a lock.
 */
export function createMemoryLimitStore(options: { maxEntries?: number; now?: () => number } = {}): LimitStore {
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? Date.now;
  const counters = new Map<string, Counter>();

  const live = (key: string, at: number) => {
    const counter = counters.get(key);
    if (counter && counter.resetAt <= at) {
      counters.delete(key);
      return undefined;
    }
    return counter;
  };

  // When full, a tenth of the room is made at once, so the sweep is paid once per many new keys.
  const makeRoom = (at: number, needed: number) => {
    if (counters.size + needed <= maxEntries) return;
    const target = Math.max(0, Math.floor(maxEntries * 0.9) - needed);
    for (const [key, counter] of counters) if (counter.resetAt <= at) counters.delete(key);
    // Map order is insertion order: the oldest counters come first.
    for (const [key, counter] of counters) {
      if (counters.size <= target) return;
      if (counter.count < counter.max) counters.delete(key);
    }
    for (const key of counters.keys()) {
      if (counters.size <= target) return;
      counters.delete(key);
    }
  };

  return {
    take: async (budgets) => {
      const at = now();
      let retryAfterMs = 0;
      for (const budget of budgets) {
        const counter = live(budget.key, at);
        if (counter && counter.count >= budget.max) retryAfterMs = Math.max(retryAfterMs, counter.resetAt - at);
      }
      if (retryAfterMs > 0) return { allowed: false, retryAfterMs };
      makeRoom(at, budgets.filter((budget) => !counters.has(budget.key)).length);
      for (const budget of budgets) {
        const counter = live(budget.key, at);
        if (counter) counter.count += 1;
        else counters.set(budget.key, { count: 1, resetAt: at + budget.windowMs, max: budget.max });
      }
      return { allowed: true };
    },
    refund: async (keys) => {
      for (const key of keys) {
        const counter = counters.get(key);
        if (counter && counter.count > 0) counter.count -= 1;
      }
    },
    close: async () => counters.clear(),
  };
}

// KEYS: the budgets' keys; ARGV: max and window (ms) per key, in the same order. All or nothing, in one script.
const TAKE_SCRIPT = `
local wait = 0
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[2 * i]) end
end
return 0
`;

const REFUND_SCRIPT = `
for _, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count > 0 then redis.call('DECR', key) end
end
return 0
`;

/** The shared store: one Lua script takes every budget or none, so instances and parallel requests agree. */
export async function createRedisLimitStore(url: string, options: { prefix?: string } = {}): Promise<LimitStore> {
  const prefix = options.prefix ?? 'pr:limit:';
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL is set but Redis could not be reached: ${(error as Error).message}`, { cause: error });
  }
  return {
    take: async (budgets) => {
      const keys = budgets.map((budget) => `${prefix}${budget.key}`);
      const args = budgets.flatMap((budget) => [String(budget.max), String(budget.windowMs)]);
      const wait = Number(await redis.eval(TAKE_SCRIPT, keys.length, ...keys, ...args));
      return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true };
    },
    refund: async (keys) => {
      if (keys.length === 0) return;
      await redis.eval(REFUND_SCRIPT, keys.length, ...keys.map((key) => `${prefix}${key}`));
    },
    close: async () => {
      await redis.quit();
    },
  };
}
