import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { HomePage } from './home-page';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// Everything off the landing path is loaded on demand, so the first load stays small.
const LoginPage = lazy(() => import('@client/features/auth/components/login-page'));
const RegisterPage = lazy(() => import('@client/features/auth/components/register-page'));
const ResetPasswordPage = lazy(() => import('@client/features/auth/components/reset-password-page'));
const DevLoginPage = lazy(() => import('@client/features/auth/components/dev-login-page'));
const ComingSoonPage = lazy(() => import('@client/features/signups/components/coming-soon-page'));
const VerifyPage = lazy(() => import('@client/features/verification/components/verify-page'));

/** §2 Routes. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'coming-soon', element: <ComingSoonPage /> },
          { path: 'dev-login', element: <DevLoginPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'verify', element: <VerifyPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
