import { StrictMode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { RuntimeConfig } from '@/config/runtime-config';
import { Toaster } from '@/lib/toast/toaster';
import { AuthGate } from './auth-gate';
import { RuntimeConfigContext } from './runtime-config-context';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

function Root() {
  return (
    <>
      <Toaster />
      <AuthGate />
    </>
  );
}

/**
 * The app's data router, made from the address at that moment: one splat route, under which the
 * gate and the pages keep their own <Routes>. A data router lets a page ask before it is left
 * (useBlocker: Settings' unsaved changes, docs/product.md §11.3). Made outside React, as React
 * Router advises: making one starts its history listener, which a render must not do (StrictMode
 * renders twice); whoever makes it disposes it.
 */
export function createAppRouter(): AppRouter {
  return createBrowserRouter([{ path: '*', element: <Root /> }]);
}

export function App({ config, router }: { config: RuntimeConfig; router: AppRouter }) {
  return (
    <StrictMode>
      <RuntimeConfigContext.Provider value={config}>
        <RouterProvider router={router} />
      </RuntimeConfigContext.Provider>
    </StrictMode>
  );
}
