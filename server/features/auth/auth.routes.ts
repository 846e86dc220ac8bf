import type { FeatureRoutes } from '../../deps';
import { adminAuthRoutes } from './admin-auth.routes';
import { appConfigRoutes } from './app-config.routes';
import { currentUserRoutes } from './current-user.routes';
import { developerAuthRoutes } from './developer-auth.routes';
import { emailConfirmationRoutes } from './email-confirmation.routes';
import { googleAuthRoutes } from './google-auth.routes';
import { passwordAuthRoutes } from './password-auth.routes';

/** Every way to sign in and out (docs/product.md#accounts-and-sign-in), and who is signed in. */
export const authRoutes: FeatureRoutes = async (app, deps) => {
  await passwordAuthRoutes(app, deps);
  await emailConfirmationRoutes(app, deps);
  await googleAuthRoutes(app, deps);
  await developerAuthRoutes(app, deps);
  await adminAuthRoutes(app, deps);
  await currentUserRoutes(app, deps);
  await appConfigRoutes(app, deps);
};
