import { Lightbulb, Mic, MicOff, Sparkles } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { maxTopicLength } from '../generate-post';
import { versionCounts, type VersionCount } from '../variants-store';

interface TopicComposerProps {
  topic: string;
  onTopicChange: (topic: string) => void;
  generating: boolean;
  canGenerate: boolean;
  onGenerate: () => void;
  researchOpen: boolean;
  onToggleResearch: () => void;
  /** Why generating is not possible yet (the AI service loading or out of reach), under the button. */
  generateHint?: ReactNode;
  /** Dictation into the topic (the "Voice Input" button, docs/product.md §5.3). */
  dictation: { supported: boolean; listening: boolean; interim: string; toggle: () => void };
  /** "Add Image", first in the row of buttons, and what is attached, under it. */
  image: { button: ReactNode; details: ReactNode };
  /** How many versions "Generate Post" writes (1, or 2 to 3 to choose from). */
  versions: { count: VersionCount; onChange: (count: VersionCount) => void };
}

const versionLabels: Record<VersionCount, string> = {
  1: '1 version',
  2: '2 versions to choose from',
  3: '3 versions to choose from',
};

/** The "Create New Post" pane's controls (docs/product.md §2 "Dashboard"). */
export function TopicComposer(props: TopicComposerProps) {
  const { topic, generating, dictation } = props;
  const hintId = useId();
  const versionsId = useId();
  const tooLong = topic.length > maxTopicLength;
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor="topic" className="block text-sm font-medium text-slate-700">
          What would you like to post about?
        </label>
        <textarea
          id="topic"
          rows={4}
          value={topic}
          onChange={(event) => props.onTopicChange(event.target.value)}
          placeholder="e.g. What I learned from shipping our first product to enterprise customers"
          aria-invalid={tooLong}
          aria-describedby={hintId}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500 aria-[invalid=true]:border-red-500"
        />
        <p id={hintId} className={`mt-1 text-xs ${tooLong ? 'text-red-600' : 'text-slate-500'}`}>
          {tooLong
            ? `The topic is too long: keep it under ${maxTopicLength.toLocaleString('en-US')} characters (now ${topic.length.toLocaleString('en-US')}).`
            : dictation.listening && dictation.interim
              ? `Hearing: ${dictation.interim}`
              : `${topic.length.toLocaleString('en-US')} / ${maxTopicLength.toLocaleString('en-US')}`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {props.image.button}
        <Button
          variant="secondary"
          aria-pressed={dictation.listening}
          onClick={dictation.toggle}
          className={dictation.listening ? 'border-red-300 bg-red-50 text-red-700' : ''}
        >
          {dictation.listening ? (
            <MicOff aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Mic aria-hidden="true" className="h-4 w-4" />
          )}
          Voice Input
        </Button>
        <Button
          variant="secondary"
          aria-pressed={props.researchOpen}
          aria-expanded={props.researchOpen}
          onClick={props.onToggleResearch}
        >
          <Lightbulb aria-hidden="true" className="h-4 w-4" /> Find Topics
        </Button>
      </div>
      {props.image.details}
      {dictation.listening && (
        <p role="status" className="flex items-center gap-2 text-sm text-red-700">
          <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-red-600" /> Listening...
        </p>
      )}
      {!dictation.supported && <p className="text-xs text-slate-500">Not supported in this browser</p>}
      {!props.researchOpen && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor={versionsId} className="font-medium text-slate-700">
            Versions
          </label>
          <select
            id={versionsId}
            value={props.versions.count}
            disabled={generating}
            onChange={(event) => props.versions.onChange(Number(event.target.value) as VersionCount)}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500"
          >
            {versionCounts.map((count) => (
              <option key={count} value={count}>
                {versionLabels[count]}
              </option>
            ))}
          </select>
        </div>
      )}
      {!props.researchOpen && (
        <Button className="w-full" disabled={!props.canGenerate || tooLong} onClick={props.onGenerate}>
          {generating ? (
            <>
              <Spinner className="h-4 w-4" /> Generating post...
            </>
          ) : (
            <>
              <Sparkles aria-hidden="true" className="h-4 w-4" /> Generate Post
            </>
          )}
        </Button>
      )}
      {!props.researchOpen && props.generateHint}
    </div>
  );
}
