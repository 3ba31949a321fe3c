import { BarChart3, CalendarDays, FileText, Lightbulb, PenSquare, Settings, Sparkles } from 'lucide-react';
import { NavLink, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';

const entries = [
  { to: paths.dashboard, label: 'Generate', icon: Sparkles },
  { to: paths.ideasBank, label: 'Ideas Bank', icon: Lightbulb },
  { to: paths.saved, label: 'Saved Posts', icon: FileText },
  { to: paths.calendar, label: 'Calendar', icon: CalendarDays },
  { to: paths.results, label: 'Results', icon: BarChart3 },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${isActive ? 'bg-brand-50 text-brand-600' : 'text-slate-700 hover:bg-slate-100'}`;

/**
 * What the sidebar holds (docs/product.md §2 "App shell"): the title, "Generate Post", the four entries and
 * Settings at the bottom. The same content serves the fixed sidebar and the narrow-screen drawer;
 * `onNavigate` lets the drawer close after a choice.
 */
export function NavContent({ onNavigate }: { onNavigate?: () => void }) {
  const navigate = useNavigate();
  return (
    <>
      <p className="px-3 text-lg font-semibold text-slate-900">AI Post Generator</p>
      <button
        type="button"
        onClick={() => {
          onNavigate?.();
          navigate(paths.dashboard);
        }}
        className="mt-6 flex items-center justify-center gap-2 rounded-lg bg-brand-500 px-4 py-2 text-sm font-medium text-white hover:bg-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
      >
        <PenSquare aria-hidden="true" className="h-4 w-4" /> Generate Post
      </button>
      <nav aria-label="Main" className="mt-6 flex flex-1 flex-col">
        <ul className="space-y-1">
          {entries.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} end className={linkClass} onClick={onNavigate}>
                <Icon aria-hidden="true" className="h-4 w-4" /> {label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-auto pt-4">
          <NavLink to={paths.settings} className={linkClass} onClick={onNavigate}>
            <Settings aria-hidden="true" className="h-4 w-4" /> Settings
          </NavLink>
        </div>
      </nav>
    </>
  );
}
