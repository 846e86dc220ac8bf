import type { FeatureRoutes } from '../../deps';
import { appConfigSchema } from '../../../common/schemas/auth';
import { readDemoWorldConfig } from '../demo-world/demo-world.service';
import { googleConfigured } from './google-auth.service';

export const appConfigRoutes: FeatureRoutes = async (app, { env, database }) => {
  // docs/product.md#admin-login: the admin form shows the demo admin e-mail and key; decision 007: only with DEMO_MODE=true.
  const demoAdmin =
    env.DEMO_MODE && env.ADMIN_EMAIL && env.ADMIN_KEY ? { email: env.ADMIN_EMAIL, key: env.ADMIN_KEY } : undefined;
  // Read at start: the demo world is only removed while the server is stopped.
  const demoWorld = await readDemoWorldConfig(database.db);
  const config = { demoMode: env.DEMO_MODE, googleEnabled: googleConfigured(env), demoAdmin, demoWorld };

  app.get(
    '/api/config',
    {
      schema: {
        operationId: 'getAppConfig',
        summary: 'What the pages need to know: demo mode and whether Google sign-in is offered',
        tags: ['auth'],
        response: { 200: appConfigSchema },
      },
    },
    async () => config,
  );
};
