import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { HomePage } from './home-page';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error';

// Everything off the landing path is loaded on demand, so the first load stays small.
const LoginPage = lazy(() => import('@client/features/auth/components/login-page'));
const RegisterPage = lazy(() => import('@client/features/auth/components/register-page'));
const ResetPasswordPage = lazy(() => import('@client/features/auth/components/reset-password-page'));
const DevLoginPage = lazy(() => import('@client/features/auth/components/dev-login-page'));
const ComingSoonPage = lazy(() => import('@client/features/signups/components/coming-soon-page'));
const VerifyPage = lazy(() => import('@client/features/verification/components/verify-page'));

/**
 * §2 Routes. Declarative routes rather than a data router: we load no data through routes, and the data
 * router's code would be about a sixth of the landing page's JavaScript. prerender.tsx renders the same tree.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<RouteErrorBoundary />}>
          <Route index element={<HomePage />} />
          <Route path="coming-soon" element={<ComingSoonPage />} />
          <Route path="dev-login" element={<DevLoginPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="verify" element={<VerifyPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
