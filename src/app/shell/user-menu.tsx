import { ChevronDown, LogOut, Settings } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authorInitial, authorName } from '@/components/ui/author-block';
import { paths } from '@/config/paths';

interface UserMenuProps {
  fullName: string | null | undefined;
  role: string | null | undefined;
  onSignOut: () => Promise<void>;
}

/** Avatar initial, name and role (with the spec's fallbacks), opening Settings and Sign Out. */
export function UserMenu({ fullName, role, onSignOut }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const name = authorName(fullName);
  const initial = authorInitial(fullName);
  const roleText = role?.trim() || 'Set up your profile';

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !container.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div ref={container} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Account menu for ${name}, ${roleText}`}
        onClick={() => setOpen(!open)}
        className="flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-slate-100"
      >
        {/* The initial is drawn by CSS, so the button's visible text (name and role) stays inside its
            accessible name, as speech-input users expect (WCAG 2.5.3). */}
        <span
          aria-hidden="true"
          data-initial={initial}
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-500 font-semibold text-white before:content-[attr(data-initial)]"
        />
        <span className="hidden text-left sm:block">
          <span className="block text-sm font-medium text-slate-900">{name}</span>{' '}
          <span className="block text-xs text-slate-500">{roleText}</span>
        </span>
        <ChevronDown aria-hidden="true" className="h-4 w-4 text-slate-500" />
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-40 mt-2 w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              navigate(paths.settings);
            }}
            className="flex w-full items-center gap-2 px-4 py-2 text-sm text-slate-700 hover:bg-slate-100"
          >
            <Settings aria-hidden="true" className="h-4 w-4" /> Settings
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              void onSignOut();
            }}
            className="flex w-full items-center gap-2 px-4 py-2 text-sm text-slate-700 hover:bg-slate-100"
          >
            <LogOut aria-hidden="true" className="h-4 w-4" /> Sign Out
          </button>
        </div>
      )}
    </div>
  );
}
