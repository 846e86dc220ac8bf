import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema/index';
import { adminEmailOfToken } from '../features/auth/admin-auth.service';
import { findUserById } from '../features/auth/current-user.service';
import { EMAIL_UNCONFIRMED } from '../features/auth/email-confirmation.service';
import { AppError } from '../lib/app-error';
import type { ActiveSession } from './session';

/** Who is calling, as established by the server (never by anything the client claims). */
export type Principal =
  | { kind: 'user'; user: UserRow }
  | { kind: 'developer'; developerId: string; userType?: 'admin'; user: UserRow }
  | { kind: 'admin-token'; email: string };

/** The user a signed-in caller acts as: their own account, or a developer's acting account. */
export type Actor = { user: UserRow; isAdmin: boolean; label: string };

export type AdminIdentity = { userId: string | null; label: string };

/** A registered route and who may call it ('public' when it declares no access). */
export type RouteAccess = { method: string; url: string; access: 'user' | 'confirmed' | 'admin' | 'public' };

declare module 'fastify' {
  interface FastifyRequest {
    principalCache?: Promise<Principal | null>;
    adminTokenCache?: Promise<string | null>;
  }
}

/** The session's user: read with the session in most requests, fetched only for one issued in this request. */
async function sessionUserRow(db: Db, session: ActiveSession, userId: string): Promise<UserRow | undefined> {
  if (session.user !== undefined) return session.user?.id === userId ? session.user : undefined;
  return findUserById(db, userId);
}

async function resolveSessionPrincipal(db: Db, request: FastifyRequest): Promise<Principal | null> {
  const session = request.session;
  if (!session) return null;
  const data = session.data;
  if (data.developer) {
    const user = await sessionUserRow(db, session, data.developer.actingUserId);
    if (!user) return null;
    return { kind: 'developer', developerId: data.developer.userId, userType: data.developer.userType, user };
  }
  if (data.userId) {
    const user = await sessionUserRow(db, session, data.userId);
    return user ? { kind: 'user', user } : null;
  }
  return null;
}

/** Checks x-admin-email + x-admin-token; returns the admin e-mail, or null when absent or invalid. */
async function resolveAdminToken(db: Db, request: FastifyRequest): Promise<string | null> {
  const email = request.headers['x-admin-email'];
  const token = request.headers['x-admin-token'];
  if (typeof email !== 'string' || typeof token !== 'string' || !email || !token || token.length > 200) return null;
  return adminEmailOfToken(db, email, token);
}

export function principalOf(db: Db, request: FastifyRequest): Promise<Principal | null> {
  request.principalCache ??= resolveSessionPrincipal(db, request);
  return request.principalCache;
}

function adminTokenOf(db: Db, request: FastifyRequest): Promise<string | null> {
  request.adminTokenCache ??= resolveAdminToken(db, request);
  return request.adminTokenCache;
}

function sessionGrantsAdmin(principal: Principal | null): boolean {
  if (!principal) return false;
  if (principal.kind === 'user') return principal.user.isAdmin;
  if (principal.kind === 'developer') return principal.userType === 'admin' || principal.user.isAdmin;
  return true;
}

declare module 'fastify' {
  interface FastifyInstance {
    authorize: {
      /** The signed-in caller (user or developer), or null. */
      optionalActor: (request: FastifyRequest) => Promise<Actor | null>;
      /** The signed-in caller; 401 otherwise. */
      requireActor: (request: FastifyRequest) => Promise<Actor>;
      /** The signed-in caller whose e-mail is proven; 401, or 403 `Please confirm your e-mail address first`. */
      requireConfirmedActor: (request: FastifyRequest) => Promise<Actor>;
      /** Any admin identity (docs/product.md#roles): admin user, admin developer, or admin token; 401 / 403 otherwise. */
      requireAdmin: (request: FastifyRequest) => Promise<AdminIdentity>;
      /** Whether the caller holds any admin identity (for data shown to admins only). */
      isAdmin: (request: FastifyRequest) => Promise<boolean>;
      /** Whether the caller is signed in with a proven e-mail, as requireConfirmedActor decides (for members-only data). */
      isConfirmed: (request: FastifyRequest) => Promise<boolean>;
      /** The user of a user session (not a developer session), or null. */
      sessionUser: (request: FastifyRequest) => Promise<UserRow | null>;
      /** Every route registered after this plugin, with its declared access (the authorization matrix test walks these). */
      routes: RouteAccess[];
    };
  }
}

function actorOf(principal: Principal | null): Actor | null {
  if (!principal || principal.kind === 'admin-token') return null;
  const label = principal.kind === 'developer' ? `developer:${principal.developerId}` : principal.user.email;
  return { user: principal.user, isAdmin: sessionGrantsAdmin(principal), label };
}

/** The one guard for permissions. Route handlers call these; nothing else decides who may do what. */
export const authorizePlugin = fp(async (app: FastifyInstance, options: { db: Db }) => {
  const { db } = options;

  const optionalActor = async (request: FastifyRequest) => actorOf(await principalOf(db, request));

  const requireActor = async (request: FastifyRequest) => {
    const actor = await optionalActor(request);
    if (!actor) throw new AppError(401, 'Authentication required', 'unauthenticated');
    return actor;
  };

  // Registering, claiming, rating and voting speak for an e-mail address, so they wait until it is proven
  // (decision 006). Developers act with a configured account, confirmed by configuration.
  const isConfirmed = async (request: FastifyRequest) => {
    const principal = await principalOf(db, request);
    const actor = actorOf(principal);
    return actor !== null && (principal?.kind === 'developer' || actor.user.emailVerified);
  };

  const requireConfirmedActor = async (request: FastifyRequest) => {
    const actor = await requireActor(request);
    if (!(await isConfirmed(request))) throw new AppError(403, EMAIL_UNCONFIRMED, 'email_unconfirmed');
    return actor;
  };

  const requireAdmin = async (request: FastifyRequest): Promise<AdminIdentity> => {
    const principal = await principalOf(db, request);
    const actor = actorOf(principal);
    if (actor?.isAdmin) return { userId: actor.user.id, label: actor.label };
    const tokenEmail = await adminTokenOf(db, request);
    if (tokenEmail) return { userId: null, label: `admin:${tokenEmail}` };
    const sentToken = request.headers['x-admin-token'] !== undefined || request.headers['x-admin-email'] !== undefined;
    if (sentToken) throw new AppError(401, 'Admin session is invalid or has expired', 'admin_session_expired');
    if (actor) throw new AppError(403, 'Admin access required', 'admin_required');
    throw new AppError(401, 'Authentication required', 'unauthenticated');
  };

  const isAdmin = async (request: FastifyRequest) => {
    if (sessionGrantsAdmin(await principalOf(db, request))) return true;
    return (await adminTokenOf(db, request)) !== null;
  };

  const sessionUser = async (request: FastifyRequest) => {
    const principal = await principalOf(db, request);
    return principal?.kind === 'user' ? principal.user : null;
  };

  const routes: RouteAccess[] = [];
  app.decorate('authorize', {
    optionalActor,
    requireActor,
    requireConfirmedActor,
    requireAdmin,
    isAdmin,
    isConfirmed,
    sessionUser,
    routes,
  });

  // A route declares `config: { access: 'user' | 'admin' }` and is refused here, in onRequest:
  // before its body is parsed or validated, so an unauthorised caller learns nothing from a 400.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access: access ?? 'public' });
    if (!access) return;
    const check = async (request: FastifyRequest) => {
      if (access === 'admin') await requireAdmin(request);
      else if (access === 'confirmed') await requireConfirmedActor(request);
      else await requireActor(request);
    };
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...existing, check];
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route ('confirmed': a signed-in caller with a proven e-mail); enforced before anything else runs. */
    access?: 'user' | 'confirmed' | 'admin';
  }
}
