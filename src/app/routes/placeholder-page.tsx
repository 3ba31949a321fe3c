/** A page whose content arrives with a later issue: its title, so the route and navigation exist. */
export function PageTitle({ title }: { title: string }) {
  return <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>;
}
