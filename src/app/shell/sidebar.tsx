import { NavContent } from './nav-content';

/** The fixed left sidebar of docs/product.md §2 "App shell", from 768 px up; narrower screens use MobileNav. */
export function Sidebar() {
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-60 flex-col overflow-y-auto border-r border-slate-200 bg-white px-4 py-6 md:flex">
      <NavContent />
    </aside>
  );
}
