import type { SharedTrait } from '../results-summary';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** What the top posts share: each trait's commonest value among them, against all posts with results. */
export function SharedTraits({ traits }: { traits: readonly SharedTrait[] }) {
  if (traits.length === 0) return null;
  return (
    <section aria-labelledby="shared-traits" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="shared-traits" className="text-base font-semibold text-slate-900">
        What your top posts share
      </h2>
      <table className="mt-2 w-full text-left text-sm">
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              What
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Most top posts
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Top posts
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              All your posts
            </th>
          </tr>
        </thead>
        <tbody>
          {traits.map((trait) => (
            <tr key={trait.trait} className="border-t border-slate-100">
              <th scope="row" className="py-1 pr-3 font-normal">
                {trait.trait}
              </th>
              <td className="py-1 pr-3">{trait.value}</td>
              <td className="py-1 pr-3 text-right">
                {trait.inTop} of {trait.top}
              </td>
              <td className="py-1 text-right">{percent(trait.overall)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
