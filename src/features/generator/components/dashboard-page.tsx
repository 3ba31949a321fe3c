import { useEffect, useState, type ReactNode } from 'react';
import { ImageDetails, ImagePickerButton } from '@/entities/post/image/ui/image-controls';
import { ImageDropZone } from '@/entities/post/image/ui/image-drop-zone';
import { PostImageFrame } from '@/entities/post/image/ui/post-image';
import { PostCheckPanel } from '@/entities/post/check/ui/post-check-panel';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { readyCatalog, type AiServiceState } from '@/lib/ai/ai-service-state';
import { timers } from '@/config/timers';
import { formatPlanTime } from '@/lib/format/format-plan-time';
import type { Profile } from '@/lib/supabase/database-types';
import type { PendingImage } from '@/entities/post/image/image-attachment';
import { usePastedImages } from '@/entities/post/image/use-pasted-images';
import { toast } from '@/lib/toast/toast';
import { authorInputFrom } from '../author-input';
import { draftAltText } from '../draft-alt-text';
import { useGeneratorStore } from '../generator-store';
import { useImageAttachmentStore } from '../image-attachment-store';
import { useVariantsStore } from '../variants-store';
import { useVoiceInput } from '../voice/use-voice-input';
import { PostPreviewCard } from './post-preview-card';
import { RewriteBar } from './rewrite-bar';
import { TopicComposer } from './topic-composer';
import { VariantsPanel } from './variants-panel';

const noSamples: readonly string[] = [];

interface DashboardPageProps {
  profile: Profile | null;
  /** The author's voice samples (their own past posts): the closest to the topic go into the prompt. */
  voiceSamples?: readonly string[];
  profileLoading: boolean;
  /** The AI service: generation waits for its catalog and says why while it cannot. */
  aiService: AiServiceState;
  apiBaseUrl: string;
  /**
   * Saves the post with its image, planned for `plannedAt` or not planned (null), and counts its
   * topic in the ideas bank (wired by the app).
   */
  onSave: (
    topic: string,
    content: string,
    image: PendingImage | null,
    plannedAt: Date | null,
  ) => Promise<void>;
  /** The research panel, shown by "Find Topics"; it hands a chosen topic back. */
  renderResearch?: (onChoose: (topic: string) => void) => ReactNode;
  onChat?: (post: { title: string; content: string }) => void;
  /** A topic another page handed over (wired by the app), taken once when the page opens. */
  takeHandedOverTopic: () => string | null;
}

export function DashboardPage({
  profile,
  voiceSamples = noSamples,
  profileLoading,
  aiService,
  apiBaseUrl,
  onSave,
  renderResearch,
  onChat,
  takeHandedOverTopic,
}: DashboardPageProps) {
  const catalog = readyCatalog(aiService);
  const {
    topic,
    content,
    contentTopic,
    incomplete,
    status,
    error,
    setTopic,
    setContent,
    generate,
    clearPreview,
  } = useGeneratorStore();
  const [researchOpen, setResearchOpen] = useState(false);
  const [saveState, setSaveState] = useState<'idle' | 'saving' | 'saved'>('idle');
  // "Planned for" while the user plans the post: kept while the page is open, never stored.
  const [plannedFor, setPlannedFor] = useState<string | null>(null);
  const attachment = useImageAttachmentStore();
  const [draftingAlt, setDraftingAlt] = useState(false);
  const variants = useVariantsStore();
  const writingVersions = variants.running;
  const generating = status === 'generating';
  // A rewrite holds the preview as a generation does (the composer still says "Generate Post").
  const busy = status !== 'idle';
  const attach = (files: File[]) => {
    if (saveState !== 'saving') void attachment.attach(files);
  };
  usePastedImages(attach);
  const voice = useVoiceInput(profile?.language_preference ?? 'en-US', (heard) => {
    const current = useGeneratorStore.getState().topic;
    setTopic(current.trim() ? `${current.trim()} ${heard}` : heard);
  });

  // Versions not chosen are kept only while the user stays on the page.
  useEffect(() => () => useVariantsStore.getState().clear(), []);

  useEffect(() => {
    const handedOver = takeHandedOverTopic();
    if (handedOver !== null) setTopic(handedOver);
  }, [setTopic, takeHandedOverTopic]);

  useEffect(() => {
    if (saveState !== 'saved') return;
    // The "Saved" flag shows for 3 s, then the preview clears for the next post.
    const timer = setTimeout(() => {
      clearPreview();
      useImageAttachmentStore.getState().reset();
      useVariantsStore.getState().clear();
      setPlannedFor(null);
      setSaveState('idle');
    }, timers.savedFlagMs);
    return () => clearTimeout(timer);
  }, [saveState, clearPreview]);

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

  function startGeneration() {
    if (!profile || !catalog || topic.trim() === '') return;
    setSaveState('idle');
    const request = {
      ai_engine: profile.ai_engine,
      ai_model: profile.ai_model ?? '',
      ...authorInputFrom(profile, voiceSamples, topic),
    };
    if (variants.count > 1) {
      clearPreview();
      void variants.generate(topic, request, { catalog, apiBaseUrl });
      return;
    }
    variants.clear();
    void generate(request, { catalog, apiBaseUrl });
  }

  function chooseVersion(index: number) {
    const chosen = useVariantsStore.getState().choose(index);
    if (!chosen) return;
    setSaveState('idle');
    useGeneratorStore.getState().showPost(chosen.text, useVariantsStore.getState().topic);
  }

  async function save(plannedAt: Date | null) {
    const postTopic = contentTopic || topic.trim();
    if (!content.trim() || !postTopic) return;
    setSaveState('saving');
    try {
      await onSave(postTopic, content, attachment.pending, plannedAt);
      setSaveState('saved');
      toast.success(
        plannedAt ? `Post saved and planned for ${formatPlanTime(plannedAt)}.` : 'Post saved successfully!',
      );
    } catch (caught) {
      setSaveState('idle');
      toast.error(caught instanceof Error && caught.message ? caught.message : 'Failed to save post');
    }
  }

  async function draftAlt() {
    if (!profile || !catalog || !content.trim()) return;
    setDraftingAlt(true);
    try {
      const alt = await draftAltText({
        post: content,
        engine: profile.ai_engine,
        model: profile.ai_model ?? '',
        catalog,
        apiBaseUrl,
      });
      attachment.setAlt(alt);
    } catch (caught) {
      toast.error(caught instanceof Error && caught.message ? caught.message : 'Could not draft alt text');
    } finally {
      setDraftingAlt(false);
    }
  }

  const pending = attachment.pending;
  const imageBusy = saveState === 'saving';
  const image = {
    button: (
      <ImagePickerButton
        hasImage={pending !== null}
        preparing={attachment.preparing}
        disabled={imageBusy}
        onFiles={attach}
      />
    ),
    details: (
      <ImageDetails
        hasImage={pending !== null}
        preparing={attachment.preparing}
        disabled={imageBusy}
        onRemove={attachment.remove}
        alt={pending?.alt ?? ''}
        onAltChange={attachment.setAlt}
        onDraftAlt={catalog && profile && content.trim() && !busy ? () => void draftAlt() : undefined}
        draftingAlt={draftingAlt}
        error={attachment.error}
        note={attachment.note}
        thumbnail={
          pending && <PostImageFrame src={pending.previewUrl} alt={pending.alt} className="max-h-24" />
        }
      />
    ),
  };

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ImageDropZone onFiles={attach} enabled={!imageBusy}>
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
            onGenerate={startGeneration}
            researchOpen={researchOpen}
            onToggleResearch={() => setResearchOpen(!researchOpen)}
            voice={{ ...voice, toggle: () => void voice.toggle() }}
            image={image}
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
      <ImageDropZone onFiles={attach} enabled={!imageBusy}>
        <section aria-labelledby="preview-title" className="space-y-4">
          <h2 id="preview-title" className="text-xl font-semibold text-slate-900">
            Preview
          </h2>
          {error && <Alert tone="danger">{error}</Alert>}
          {choosingVersion ? (
            <VariantsPanel
              variants={variants.variants}
              running={writingVersions}
              chosen={null}
              maxHashtags={profile?.max_hashtags}
              onChoose={chooseVersion}
              onStop={variants.stop}
            />
          ) : content ? (
            <PostPreviewCard
              content={content}
              fullName={profile?.full_name}
              role={profile?.role}
              company={profile?.company}
              streaming={busy}
              saveState={saveState}
              incomplete={incomplete}
              onSave={(plannedAt) => void save(plannedAt)}
              plannedFor={plannedFor}
              onPlannedForChange={setPlannedFor}
              onRegenerate={startGeneration}
              canRegenerate={canGenerate}
              onChat={() => onChat?.({ title: contentTopic || topic, content })}
              image={pending && { src: pending.previewUrl, alt: pending.alt }}
            />
          ) : (
            <div className="flex min-h-64 items-center justify-center rounded-2xl border-2 border-dashed border-slate-200 bg-white p-8 text-center text-slate-500">
              {generating ? (
                <span className="flex items-center gap-2">
                  <Spinner /> Writing your post...
                </span>
              ) : (
                'Your post preview will appear here'
              )}
            </div>
          )}
          {content && (
            <RewriteBar
              profile={profile}
              voiceSamples={voiceSamples}
              catalog={catalog}
              apiBaseUrl={apiBaseUrl}
              disabled={saveState !== 'idle'}
            />
          )}
          {content && (
            <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
              <PostCheckPanel
                text={content}
                maxHashtags={profile?.max_hashtags}
                onApply={busy ? undefined : (edit) => setContent(edit.text)}
              />
            </div>
          )}
          {variants.chosen !== null && (
            <VariantsPanel
              variants={variants.variants}
              running={false}
              chosen={variants.chosen}
              maxHashtags={profile?.max_hashtags}
              onChoose={chooseVersion}
              onStop={variants.stop}
            />
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
