/** The lease of a job one instance runs at a time, for other features' jobs (the weekly ratings digest). */
export { holdLease } from './job-lease';
