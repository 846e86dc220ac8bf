import type { Database } from '../client';
import { recount } from '../../features/integrity/integrity.service';

/*
 * After seeding (--verify) and in the seed's tests: the recount (features/integrity) of every derived figure from
 * the rows it summarises, as mismatches per check; zero everywhere is the goal.
 */

export type VerifyResult = { check: string; mismatches: number }[];

export async function verifyAggregates(database: Database): Promise<VerifyResult> {
  return (await recount(database.db)).perCheck;
}
