/**
 * The session store as the session plugin (server/plugins/session.ts) uses it: a plugin reaches a feature's
 * table through the feature's service, never its repo.
 */
export { deleteSession, findLiveSession, insertSession, purgeExpiredSessions, touchSession } from './sessions.repo';
