import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { NavContent } from './nav-content';

/**
 * Below 768 px the sidebar becomes a drawer behind an "Open navigation" button, so every entry,
 * Settings included, stays one tap away instead of scrolling off a crowded top bar. The drawer is
 * modal: focus moves into it, Tab stays inside, and Escape, the backdrop, the close button or a
 * choice close it, handing focus back to the button.
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const links = drawer.current;
    (links?.querySelector<HTMLElement>('a[aria-current="page"]') ?? links?.querySelector('a'))?.focus();
    const button = trigger.current;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      button?.focus();
    };
  }, [open]);

  function keepTabInside(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !drawer.current) return;
    const focusables = Array.from(drawer.current.querySelectorAll<HTMLElement>('a[href], button'));
    const first = focusables[0];
    const last = focusables.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <div className="flex min-w-0 items-center gap-1 md:hidden">
      <button
        ref={trigger}
        type="button"
        aria-label="Open navigation"
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        onClick={() => setOpen(true)}
        className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <Menu aria-hidden="true" className="h-5 w-5" />
      </button>
      <span className="truncate text-sm font-semibold text-slate-900">AI Post Generator</span>
      {/* In a portal: the top bar's backdrop blur would otherwise be the containing block of
          this fixed layer and squeeze the drawer into the bar's 72 px. */}
      {open &&
        createPortal(
          <div className="fixed inset-0 z-50" onKeyDown={keepTabInside}>
            <div
              aria-hidden="true"
              className="absolute inset-0 bg-slate-900/40"
              onClick={() => setOpen(false)}
            />
            <div
              ref={drawer}
              id={drawerId}
              role="dialog"
              aria-modal="true"
              aria-label="Navigation"
              className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white px-4 py-6 shadow-xl"
            >
              <button
                type="button"
                aria-label="Close navigation"
                onClick={() => setOpen(false)}
                className="absolute top-5 right-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <X aria-hidden="true" className="h-5 w-5" />
              </button>
              <NavContent onNavigate={() => setOpen(false)} />
            </div>
          </div>,
          document.body,
        )}
    </div>
  );
}
