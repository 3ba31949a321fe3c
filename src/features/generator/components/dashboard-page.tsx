import { FilePlus2 } from 'lucide-react';
import { Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { readyCatalog, type AiServiceState } from '@/lib/ai/ai-service-state';
import type { Profile } from '@/lib/supabase/database-types';
import { authorRules } from '@/lib/writing-rules/author-rules';
import { usePastedImages } from '@/entities/post/image/use-pasted-images';
import { ImageDropZone } from '@/entities/post/image/ui/image-drop-zone';
import { PostCheckPanel } from '@/entities/post/check/ui/post-check-panel';
import { useAuthorStyle } from '@/entities/post/check/use-author-style';
import { earlierSentences, type EarlierPost } from '@/entities/post/check/repeated-sentences';
import { documentFor, useGeneratorStore } from '../generator-store';
import { useVariantsStore } from '../variants-store';
import { useDictation } from '../dictation/use-dictation';
import { authorInputFrom } from '../author-input';
import { useComposerImage } from './use-composer-image';
import { DraftEditor } from './draft-editor';
import { RewriteBar } from './rewrite-bar';
import { TopicComposer } from './topic-composer';
import { useDraft } from './use-draft';
import { authorContext } from '../build-post-prompt';
import { useImageOverCarousel } from '@/entities/post/carousel/ui/use-carousel-entry';

const noSamples: readonly string[] = [];
const noPosts: readonly (EarlierPost & { id?: string })[] = [];

// The versions' panel loads the first time someone writes 2 or 3 versions.
const VariantsPanel = lazy(() => import('./variants-panel').then((m) => ({ default: m.VariantsPanel })));
const versionsLoading = (
  <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
    <Spinner className="h-4 w-4" /> Loading versions...
  </p>
);

interface DashboardPageProps {
  profile: Profile | null;
  /** The author's voice samples (their own past posts): the closest to the topic go into the prompt. */
  voiceSamples?: readonly string[];
  profileLoading: boolean;
  /** The AI service: generation waits for its catalog and says why while it cannot. */
  aiService: AiServiceState;
  apiBaseUrl: string;
  /** A post was saved ("Save Post"): its topic counts in the ideas bank (wired by the app). */
  onPostSaved: (topic: string) => Promise<void>;
  /** The research panel, shown by "Find Topics"; it hands a chosen topic back. */
  renderResearch?: (onChoose: (topic: string) => void) => ReactNode;
  /** Opens the chat about the post; `apply` puts a suggested rewrite into it (one undoable step). */
  onChat?: (post: { id: string; title: string; content: string; apply: (text: string) => void }) => void;
  /** A topic another page handed over (wired by the app), taken once when the page opens. */
  takeHandedOverTopic: () => string | null;
  /**
   * The author's earlier posts the app has in memory (saved and published posts, the post a new
   * version is of): the post check flags a draft that repeats most of one.
   */
  earlierPosts?: readonly (EarlierPost & { id?: string })[];
}

export function DashboardPage({
  profile,
  voiceSamples = noSamples,
  profileLoading,
  aiService,
  apiBaseUrl,
  onPostSaved,
  renderResearch,
  onChat,
  takeHandedOverTopic,
  earlierPosts = noPosts,
}: DashboardPageProps) {
  const catalog = readyCatalog(aiService);
  const topic = useGeneratorStore((state) => state.topic);
  const status = useGeneratorStore((state) => state.status);
  const error = useGeneratorStore((state) => state.error);
  const retryNotice = useGeneratorStore((state) => state.retryNotice);
  const setTopic = useGeneratorStore((state) => state.setTopic);
  const generate = useGeneratorStore((state) => state.generate);
  const [researchOpen, setResearchOpen] = useState(false);
  const draft = useDraft(onPostSaved);
  const variants = useVariantsStore();
  const writingVersions = variants.running;
  const generating = status === 'generating';
  // A rewrite holds the post as a generation does (the composer still says "Generate Post").
  const busy = status !== 'idle';
  // The post check weighs findings against the author's own posts (worked out once per set of samples).
  const authorStyle = useAuthorStyle(voiceSamples);
  const draftId = draft.doc.id;
  const earlier = useMemo(
    () =>
      earlierSentences([
        ...earlierPosts.filter((post) => post.id !== draftId),
        ...voiceSamples.map((content) => ({ content })),
      ]),
    [earlierPosts, voiceSamples, draftId],
  );
  // An image on a post with a carousel replaces it, once the author says so.
  const imageOverCarousel = useImageOverCarousel(draft.doc, (files) => {
    if (draft.saveState !== 'saving') void draft.image.attach(files);
  });
  const attach = imageOverCarousel.attach;
  const carouselTopic = draft.doc.topic || (draft.doc.content.split('\n')[0] ?? '');
  const carouselAi = useMemo(
    () =>
      profile && catalog
        ? {
            engine: profile.ai_engine,
            model: profile.ai_model ?? '',
            catalog,
            apiBaseUrl,
            authorContext: authorContext(authorInputFrom(profile, voiceSamples, carouselTopic)),
          }
        : null,
    [profile, catalog, apiBaseUrl, voiceSamples, carouselTopic],
  );
  usePastedImages(attach);
  const rules = profile ? authorRules(profile, voiceSamples) : null;
  const dictation = useDictation(rules?.language.value ?? 'en-US', (heard) => {
    const current = useGeneratorStore.getState().topic;
    setTopic(current.trim() ? `${current.trim()} ${heard}` : heard);
  });

  const imageControls = useComposerImage({
    image: draft.image,
    disabled: draft.saveState === 'saving',
    content: draft.doc.content,
    canDraftAlt: Boolean(catalog && profile && draft.doc.content.trim() && !busy),
    profile,
    catalog,
    apiBaseUrl,
    onFiles: attach,
  });

  // Versions not chosen are kept only while the user stays on the page.
  useEffect(() => () => useVariantsStore.getState().clear(), []);

  useEffect(() => {
    const handedOver = takeHandedOverTopic();
    if (handedOver !== null) setTopic(handedOver);
  }, [setTopic, takeHandedOverTopic]);

  if (profileLoading && !profile) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-600">
        <Spinner /> Loading profile...
      </p>
    );
  }

  const canGenerate =
    Boolean(profile) && Boolean(catalog) && topic.trim() !== '' && !busy && !writingVersions;
  const choosingVersion = variants.variants.length > 0 && variants.chosen === null;

  async function startGeneration() {
    if (!profile || !catalog || topic.trim() === '') return;
    draft.dismissSaved();
    const request = {
      ai_engine: profile.ai_engine,
      ai_model: profile.ai_model ?? '',
      ...authorInputFrom(profile, voiceSamples, topic),
    };
    if (variants.count > 1) {
      if (!(await documentFor(topic))) return;
      void variants.generate(topic, request, { catalog, apiBaseUrl });
      return;
    }
    variants.clear();
    void generate(request, { catalog, apiBaseUrl });
  }

  function chooseVersion(index: number) {
    const chosen = useVariantsStore.getState().choose(index);
    if (!chosen) return;
    draft.dismissSaved();
    draft.apply({ content: chosen.text, topic: useVariantsStore.getState().topic }, `Version ${index + 1}`);
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {imageOverCarousel.dialog}
      <ImageDropZone onFiles={attach} enabled={draft.saveState !== 'saving'}>
        <section
          aria-labelledby="create-title"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h1 id="create-title" className="mb-4 text-xl font-semibold text-slate-900">
            Create New Post
          </h1>
          <TopicComposer
            topic={topic}
            onTopicChange={setTopic}
            generating={generating || writingVersions}
            versions={{ count: variants.count, onChange: variants.setCount }}
            canGenerate={canGenerate}
            generateHint={<GenerateHint aiService={aiService} />}
            onGenerate={() => void startGeneration()}
            researchOpen={researchOpen}
            onToggleResearch={() => setResearchOpen(!researchOpen)}
            dictation={{ ...dictation, toggle: () => void dictation.toggle() }}
            image={imageControls}
          />
          {researchOpen && renderResearch && (
            <div className="mt-6">
              {renderResearch((chosen) => {
                setTopic(chosen);
                setResearchOpen(false);
              })}
            </div>
          )}
        </section>
      </ImageDropZone>
      <ImageDropZone onFiles={attach} enabled={draft.saveState !== 'saving'}>
        <section aria-labelledby="preview-title" className="space-y-4">
          <div className="flex items-center justify-between gap-2">
            <h2 id="preview-title" className="text-xl font-semibold text-slate-900">
              Preview
            </h2>
            {draft.hasPost && (
              <button
                type="button"
                onClick={() => void draft.startNew()}
                disabled={busy || writingVersions || draft.saveState === 'saving'}
                className="flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:text-slate-400"
              >
                <FilePlus2 aria-hidden="true" className="h-4 w-4" /> New post
              </button>
            )}
          </div>
          {error && <Alert tone="danger">{error}</Alert>}
          {retryNotice && <Alert tone="info">{retryNotice}</Alert>}
          {draft.problem}
          {choosingVersion ? (
            <Suspense fallback={versionsLoading}>
              <VariantsPanel
                variants={variants.variants}
                running={writingVersions}
                chosen={null}
                maxHashtags={rules?.maxHashtags.value}
                author={authorStyle}
                onChoose={chooseVersion}
                onStop={variants.stop}
                onStopVersion={variants.stopVersion}
              />
            </Suspense>
          ) : (
            <DraftEditor
              draft={draft}
              profile={profile}
              busy={busy}
              generating={generating}
              canRegenerate={canGenerate}
              onRegenerate={() => void startGeneration()}
              onChat={onChat}
              carouselAi={carouselAi}
            />
          )}
          {draft.hasText && !choosingVersion && (
            <RewriteBar
              profile={profile}
              voiceSamples={voiceSamples}
              catalog={catalog}
              apiBaseUrl={apiBaseUrl}
              disabled={draft.saveState !== 'idle'}
            />
          )}
          {draft.hasText && !choosingVersion && (
            <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
              <PostCheckPanel
                text={draft.doc.content}
                maxHashtags={rules?.maxHashtags.value}
                author={authorStyle}
                earlier={earlier}
                streaming={busy}
                canMoveToFirstComment
                onApply={busy ? undefined : (edit) => draft.applyFix(edit)}
              />
            </div>
          )}
          {variants.chosen !== null && (
            <Suspense fallback={versionsLoading}>
              <VariantsPanel
                variants={variants.variants}
                running={false}
                chosen={variants.chosen}
                maxHashtags={rules?.maxHashtags.value}
                author={authorStyle}
                onChoose={chooseVersion}
                onStop={variants.stop}
                onStopVersion={variants.stopVersion}
              />
            </Suspense>
          )}
        </section>
      </ImageDropZone>
    </div>
  );
}

/** The generate button's own word on the AI service (the app-wide alert offers "Try Again"). */
function GenerateHint({ aiService }: { aiService: AiServiceState }) {
  if (aiService.status === 'loading') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4" /> Loading AI models...
      </p>
    );
  }
  if (aiService.status === 'error') {
    return (
      <p className="text-sm text-amber-800">
        Generating posts needs the AI service, which can&apos;t be reached right now. Your topic is kept.
      </p>
    );
  }
  return null;
}
