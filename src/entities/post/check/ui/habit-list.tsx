import { Info } from 'lucide-react';
import { useId } from 'react';
import type { FindingGroup } from '@/entities/post/check/group-findings';
import { FindingItem } from './finding-item';

/**
 * What the check would flag that the author's own posts show: listed apart from the things to
 * look at, as information (not counted, no fix), so the author sees the check knows their voice.
 */
export function HabitList({ text, groups }: { text: string; groups: readonly FindingGroup[] }) {
  const headingId = useId();
  if (groups.length === 0) return null;
  return (
    <div className="mt-3">
      <p id={headingId} className="flex items-center gap-2 text-slate-600">
        <Info aria-hidden="true" className="h-4 w-4 text-sky-700" />
        In your own style (for information)
      </p>
      <ul aria-labelledby={headingId} className="mt-1 space-y-1">
        {groups.map((group) => (
          <FindingItem key={group.kind} text={text} group={group} fixes={[]} onApply={undefined} />
        ))}
      </ul>
    </div>
  );
}
