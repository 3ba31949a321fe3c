import { Suspense, lazy, useMemo } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useChatStore } from '@/features/chat/chat-store';
import { DashboardPage } from '@/features/generator/components/dashboard-page';
import { useIdeasStore } from '@/features/ideas/ideas-store';
import { usePostsStore } from '@/features/posts/posts-store';
import { useProfileStore } from '@/features/profile/profile-store';
import type { AiServiceState } from '@/lib/ai/ai-service-state';
import type { PendingImage } from '@/entities/post/image/image-attachment';
import { useRuntimeConfig } from '../runtime-config-context';
import { takeHandedOverTopic } from '../topic-handover';

// Research code (and zod) loads the first time "Find Topics" is opened.
const ResearchPanel = lazy(() =>
  import('@/features/research/components/research-panel').then((m) => ({ default: m.ResearchPanel })),
);

/**
 * The dashboard composes the generator with saving (docs/product.md §12 "Save"): insert the post, then count
 * the topic in the ideas bank and refresh it. A failure in the topic step is logged and does not
 * fail the save.
 */
export function DashboardRoute({ aiService }: { aiService: AiServiceState }) {
  const config = useRuntimeConfig();
  const profile = useProfileStore((state) => state.profile);
  const profileLoading = useProfileStore((state) => state.loading);
  const voiceSamples = useProfileStore((state) => state.voiceSamples);
  const sampleTexts = useMemo(() => voiceSamples.map((sample) => sample.content), [voiceSamples]);
  const createPost = usePostsStore((state) => state.createPost);
  const recordTopicUse = useIdeasStore((state) => state.recordTopicUse);
  const fetchIdeas = useIdeasStore((state) => state.fetchIdeas);
  const openChat = useChatStore((state) => state.open);

  async function save(topic: string, content: string, image: PendingImage | null, plannedAt: Date | null) {
    await createPost(topic, content, image, plannedAt);
    try {
      await recordTopicUse(topic);
      await fetchIdeas();
    } catch (error) {
      console.error('The post was saved, but its topic could not be added to the ideas bank', error);
    }
  }

  return (
    <DashboardPage
      profile={profile}
      voiceSamples={sampleTexts}
      profileLoading={profileLoading}
      aiService={aiService}
      apiBaseUrl={config.apiBaseUrl}
      onSave={save}
      onChat={openChat}
      takeHandedOverTopic={takeHandedOverTopic}
      renderResearch={(choose) => (
        <Suspense
          fallback={
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="h-4 w-4" /> Loading research tools...
            </p>
          }
        >
          <ResearchPanel profile={profile} apiBaseUrl={config.apiBaseUrl} onChoose={choose} />
        </Suspense>
      )}
    />
  );
}
