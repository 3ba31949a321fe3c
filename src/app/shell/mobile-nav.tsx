import { Menu } from 'lucide-react';
import { useState } from 'react';
import { CloseButton } from '@/components/ui/close-button';
import { Dialog, DialogTitle } from '@/components/ui/dialog';
import { NavContent } from './nav-content';

/** The current page's entry, or the first one: where focus goes when the drawer opens. */
const currentLink = (drawer: HTMLElement) =>
  drawer.querySelector<HTMLElement>('a[aria-current="page"]') ?? drawer.querySelector<HTMLElement>('a');

/**
 * Below 768 px the sidebar becomes a drawer behind an "Open navigation" button, so every entry,
 * Settings included, stays one tap away instead of scrolling off a crowded top bar. The drawer is
 * the app's modal dialog (components/ui/dialog.tsx) placed at the left edge: focus moves to the
 * current page's entry, Tab stays inside, and Escape, the backdrop, the close button or a choice
 * close it, handing focus back to the button.
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <div className="flex min-w-0 items-center gap-1 md:hidden">
      <button
        type="button"
        aria-label="Open navigation"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <Menu aria-hidden="true" className="h-5 w-5" />
      </button>
      <span className="truncate text-sm font-semibold text-slate-900">AI Post Generator</span>
      {open && (
        <Dialog
          onClose={close}
          placement="left"
          dismissOnBackdrop
          initialFocus={currentLink}
          className="relative flex w-72 max-w-[85vw] flex-col overflow-y-auto px-4 py-6"
        >
          <DialogTitle className="sr-only">Navigation</DialogTitle>
          <div className="absolute top-5 right-3">
            <CloseButton label="Close navigation" size="sm" onClick={close} />
          </div>
          <NavContent onNavigate={close} />
        </Dialog>
      )}
    </div>
  );
}
