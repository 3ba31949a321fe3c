import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { MobileNav } from './mobile-nav';
import { Sidebar } from './sidebar';

interface AppLayoutProps {
  userMenu: ReactNode;
  reconnecting: boolean;
  notice: ReactNode;
  children: ReactNode;
}

/** Sidebar, top bar and the page; banners for the connection state and one-time notices. */
export function AppLayout({ userMenu, reconnecting, notice, children }: AppLayoutProps) {
  return (
    <div className="min-h-screen bg-slate-50">
      <Sidebar />
      <div className="min-w-0 md:pl-60">
        <header className="sticky top-0 z-20 flex items-center justify-between gap-4 border-b border-slate-200 bg-white/90 px-4 py-3 backdrop-blur sm:px-6">
          <MobileNav />
          <div className="ml-auto min-w-0">{userMenu}</div>
        </header>
        {reconnecting && (
          <Alert tone="warning" className="mx-4 mt-4 sm:mx-6">
            Connection interrupted. Reconnecting...
          </Alert>
        )}
        {notice}
        <main className="px-4 py-6 sm:px-6">{children}</main>
      </div>
    </div>
  );
}
