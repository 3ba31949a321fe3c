import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { RuntimeConfig } from '@/config/runtime-config';
import { Toaster } from '@/lib/toast/toaster';
import { AuthGate } from './auth-gate';
import { RuntimeConfigContext } from './runtime-config-context';

export function App({ config }: { config: RuntimeConfig }) {
  return (
    <StrictMode>
      <RuntimeConfigContext.Provider value={config}>
        <BrowserRouter>
          <Toaster />
          <AuthGate />
        </BrowserRouter>
      </RuntimeConfigContext.Provider>
    </StrictMode>
  );
}
