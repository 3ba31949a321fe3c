import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useChatStore } from '@/features/chat/chat-store';
import { DashboardPage } from '@/features/generator/components/dashboard-page';
import { useIdeasStore } from '@/features/ideas/ideas-store';
import { usePostsStore } from '@/features/posts/posts-store';
import { useProfileStore } from '@/features/profile/profile-store';
import type { AiServiceState } from '@/lib/ai/ai-service-state';
import { usePostDocumentStore } from '@/entities/post/document/post-document-store';
import { useRuntimeConfig } from '../runtime-config-context';
import { handedOverSource, takeHandedOverTopic } from '../topic-handover';

// The leave guard (and its dialog) loads only once there are carousel edits to guard.
const LeaveGuard = lazy(() =>
  import('@/features/profile/components/leave-guard').then((m) => ({ default: m.LeaveGuard })),
);

// Research code (and zod) loads the first time "Find Topics" is opened.
const ResearchPanel = lazy(() =>
  import('@/features/research/components/research-panel').then((m) => ({ default: m.ResearchPanel })),
);

/**
 * The dashboard composes the generator with the ideas bank, the research panel and the chat. The
 * post is a row from its first word (autosaved by entities/post); "Save Post" counts its topic in
 * the ideas bank (docs/product.md §5.6).
 */
export function DashboardRoute({ aiService }: { aiService: AiServiceState }) {
  const config = useRuntimeConfig();
  const profile = useProfileStore((state) => state.profile);
  const profileLoading = useProfileStore((state) => state.loading);
  const voiceSamples = useProfileStore((state) => state.voiceSamples);
  const sampleTexts = useMemo(() => voiceSamples.map((sample) => sample.content), [voiceSamples]);
  const recordTopicUse = useIdeasStore((state) => state.recordTopicUse);
  const fetchIdeas = useIdeasStore((state) => state.fetchIdeas);
  const openChat = useChatStore((state) => state.open);
  // Carousel edits not yet saved with the post: leaving the page or closing the tab asks first.
  const carouselUnsaved = usePostDocumentStore((state) =>
    state.carouselDrafts.some(({ docId }) => docId === state.doc.id),
  );
  // The post check compares the draft with the posts already loaded (Saved Posts) and with the
  // post a new version is of; nothing is fetched for it.
  const posts = usePostsStore((state) => state.posts);
  const [source] = useState(handedOverSource);
  const earlierPosts = useMemo(
    () => [
      ...(source ? [source] : []),
      ...posts.map((post) => ({
        id: post.id,
        content: post.content,
        date: post.published_at ?? post.created_at,
      })),
    ],
    [posts, source],
  );

  // The chat about the post being written follows its words as the author edits them.
  useEffect(
    () =>
      usePostDocumentStore.subscribe((state, previous) => {
        if (state.doc.content !== previous.doc.content)
          useChatStore.getState().follow(state.doc.id, state.doc.content);
      }),
    [],
  );

  // The post is already stored (autosaved); saving it counts its topic in the ideas bank.
  async function countTopic(topic: string) {
    await recordTopicUse(topic);
    await fetchIdeas();
  }

  return (
    <>
      {carouselUnsaved && (
        <Suspense fallback={null}>
          <LeaveGuard
            unsaved="the carousel"
            message="Your carousel changes are not saved with the post yet. This browser keeps them, and they come back when you open this post here again."
          />
        </Suspense>
      )}
      <DashboardPage
        profile={profile}
        voiceSamples={sampleTexts}
        profileLoading={profileLoading}
        aiService={aiService}
        apiBaseUrl={config.apiBaseUrl}
        onPostSaved={countTopic}
        onChat={openChat}
        takeHandedOverTopic={takeHandedOverTopic}
        earlierPosts={earlierPosts}
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
    </>
  );
}
