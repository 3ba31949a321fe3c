import { Square } from 'lucide-react';
import { useDeferredValue, useId, useMemo } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { Profile } from '@/lib/supabase/database-types';
import { authorRules } from '@/lib/writing-rules/author-rules';
import type { ModelCatalog } from '@shared/model-catalog';
import { authorInputFrom } from '../author-input';
import { rewriteKinds, rewriteLabel, type RewriteKind } from '../build-post-prompt';
import { usePostDocumentStore } from '@/entities/post/document/post-document-store';
import { useGeneratorStore } from '../generator-store';
import { useAuthorStyle } from '@/entities/post/check/use-author-style';
import { aiTellFindings } from '../rewrite-post';

interface RewriteBarProps {
  profile: Profile | null;
  /** The author's own past posts: the closest to the post's topic go into "More personal" and the rest. */
  voiceSamples: readonly string[];
  /** The AI catalog; rewrites wait for it like generation does. */
  catalog: ModelCatalog | null;
  apiBaseUrl: string;
  /** Something else holds the preview (a save): every button waits. */
  disabled?: boolean;
}

const noFindings: ReturnType<typeof aiTellFindings> = [];

const chip =
  'inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:border-slate-200 disabled:text-slate-400';

/**
 * "Rewrite in one click" under the preview (docs/product.md §5.5d): each rewrite streams into the
 * post, can be stopped, and is one step of the post's history (the card's Undo takes it back).
 */
export function RewriteBar({
  profile,
  voiceSamples,
  catalog,
  apiBaseUrl,
  disabled = false,
}: RewriteBarProps) {
  const content = usePostDocumentStore((state) => state.doc.content);
  const contentTopic = usePostDocumentStore((state) => state.doc.topic);
  const status = useGeneratorStore((state) => state.status);
  const rewriting = useGeneratorStore((state) => state.rewriting);
  const notice = useGeneratorStore((state) => state.rewriteNotice);
  const titleId = useId();
  const hintId = useId();
  const rules = useMemo(() => (profile ? authorRules(profile, voiceSamples) : null), [profile, voiceSamples]);
  const maxHashtags = rules?.maxHashtags.value;
  // Whether "Remove AI tells" has anything to do may follow a keystroke a frame late: the post
  // check itself updates in the keystroke's own frame. While text streams in (a generation or a
  // rewrite) nothing is checked, as in the post check (every button waits for the text anyway),
  // and once it is written the check waits for the deferred render, after the last words show.
  const checked = useDeferredValue(content);
  const busy = status !== 'idle';
  const busyLate = useDeferredValue(busy);
  const authorStyle = useAuthorStyle(voiceSamples);
  const waiting = busy || busyLate;
  const tells = useMemo(
    () => (waiting ? noFindings : aiTellFindings(checked, maxHashtags, authorStyle)),
    [waiting, checked, maxHashtags, authorStyle],
  );
  const language = rules?.language.value ?? 'en-US';
  const idle = status === 'idle' && !disabled;
  const ready = idle && Boolean(profile) && Boolean(catalog) && content.trim() !== '';
  const noTells = tells.length === 0;
  // Said once the post is there to check, not while it streams in.
  const showHint = noTells && status === 'idle' && content.trim() !== '';

  function start(kind: RewriteKind) {
    if (!profile || !catalog) return;
    const request = {
      ai_engine: profile.ai_engine,
      ai_model: profile.ai_model ?? '',
      ...authorInputFrom(profile, voiceSamples, contentTopic || content),
      ...(authorStyle ? { authorStyle } : {}),
    };
    void useGeneratorStore.getState().rewrite(kind, request, { catalog, apiBaseUrl });
  }

  return (
    <section
      aria-labelledby={titleId}
      aria-busy={status === 'rewriting'}
      className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm"
    >
      <h3 id={titleId} className="text-sm font-medium text-slate-800">
        Rewrite
      </h3>
      <div className="mt-2 flex flex-wrap gap-2">
        {rewriteKinds.map((kind) => (
          <button
            key={kind}
            type="button"
            onClick={() => start(kind)}
            disabled={!ready || (kind === 'tells' && noTells)}
            aria-describedby={kind === 'tells' && showHint ? hintId : undefined}
            className={chip}
          >
            {rewriting === kind && <Spinner className="h-3.5 w-3.5" />}
            {rewriteLabel(kind, language)}
          </button>
        ))}
      </div>
      {showHint && (
        <p id={hintId} className="mt-2 text-xs text-slate-500">
          Nothing to remove: the post check finds no AI tells.
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
        {status === 'rewriting' && (
          <button type="button" onClick={() => useGeneratorStore.getState().stop()} className={chip}>
            <Square aria-hidden="true" className="h-3.5 w-3.5" /> Stop rewriting
          </button>
        )}
        <p role="status" className="min-w-0 flex-1 text-xs text-slate-600">
          {notice}
        </p>
      </div>
    </section>
  );
}
