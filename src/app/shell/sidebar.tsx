import { CalendarDays, FileText, Lightbulb, PenSquare, Settings, Sparkles } from 'lucide-react';
import { NavLink, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';

const entries = [
  { to: paths.dashboard, label: 'Generate', icon: Sparkles },
  { to: paths.ideasBank, label: 'Ideas Bank', icon: Lightbulb },
  { to: paths.saved, label: 'Saved Posts', icon: FileText },
  { to: paths.calendar, label: 'Calendar', icon: CalendarDays },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-600' : 'text-slate-700 hover:bg-slate-100'}`;

/** The fixed left sidebar of spec §2 "App shell". */
export function Sidebar() {
  const navigate = useNavigate();
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-60 flex-col border-r border-slate-200 bg-white px-4 py-6 md:flex">
      <p className="px-3 text-lg font-semibold text-slate-900">AI Post Generator</p>
      <button
        type="button"
        onClick={() => navigate(paths.dashboard)}
        className="mt-6 flex items-center justify-center gap-2 rounded-lg bg-brand-500 px-4 py-2 text-sm font-medium text-white hover:bg-brand-600"
      >
        <PenSquare aria-hidden="true" className="h-4 w-4" /> Generate Post
      </button>
      <nav aria-label="Main" className="mt-6 flex flex-1 flex-col">
        <ul className="space-y-1">
          {entries.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} end className={linkClass}>
                <Icon aria-hidden="true" className="h-4 w-4" /> {label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-auto">
          <NavLink to={paths.settings} className={linkClass}>
            <Settings aria-hidden="true" className="h-4 w-4" /> Settings
          </NavLink>
        </div>
      </nav>
    </aside>
  );
}

/** The same navigation for narrow screens, where the sidebar is hidden. */
export function MobileNav() {
  return (
    <nav aria-label="Sections" className="flex gap-1 overflow-x-auto md:hidden">
      {[...entries, { to: paths.settings, label: 'Settings', icon: Settings }].map(({ to, label }) => (
        <NavLink key={to} to={to} end className={linkClass}>
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
