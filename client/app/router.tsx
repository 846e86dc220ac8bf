import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { HomePage } from './home-page';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error';
import { ROUTE_CHUNKS } from './route-chunks';

// Everything off the landing path is loaded on demand, so the first load stays small.
const AccountPage = lazy(ROUTE_CHUNKS['/account']);
const LoginPage = lazy(ROUTE_CHUNKS['/login']);
const RegisterPage = lazy(ROUTE_CHUNKS['/register']);
const ResetPasswordPage = lazy(ROUTE_CHUNKS['/reset-password']);
const DevLoginPage = lazy(ROUTE_CHUNKS['/dev-login']);
const ComingSoonPage = lazy(ROUTE_CHUNKS['/coming-soon']);
const DecisionPage = lazy(ROUTE_CHUNKS['/decisions']);
const TransparencyPage = lazy(ROUTE_CHUNKS['/transparency']);
const VerifyPage = lazy(ROUTE_CHUNKS['/verify']);
const UnsubscribePage = lazy(ROUTE_CHUNKS['/unsubscribe']);
const PlayerPage = lazy(ROUTE_CHUNKS['/players']);

/**
 * docs/product.md#pages. Declarative routes rather than a data router: we load no data through routes, and the data
 * router's code would be about a sixth of the landing page's JavaScript. prerender.tsx renders the same tree.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<RouteErrorBoundary />}>
          <Route index element={<HomePage />} />
          <Route path="account" element={<AccountPage />} />
          <Route path="coming-soon" element={<ComingSoonPage />} />
          <Route path="decisions/:id" element={<DecisionPage />} />
          <Route path="dev-login" element={<DevLoginPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="players/:id/:slug?" element={<PlayerPage notFound={<NotFoundPage />} />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="transparency" element={<TransparencyPage />} />
          <Route path="unsubscribe" element={<UnsubscribePage />} />
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
