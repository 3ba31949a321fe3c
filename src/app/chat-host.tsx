import { Suspense, lazy } from 'react';
import type { ModelCatalog } from '@shared/model-catalog';
import { useChatStore } from '@/features/chat/chat-store';
import { useProfileStore } from '@/features/profile/profile-store';
import { useAuthorRules } from '@/features/profile/use-author-rules';
import { useRuntimeConfig } from './runtime-config-context';

// The chat (and react-markdown with it) loads the first time someone opens it.
const ChatPanel = lazy(() =>
  import('@/features/chat/components/chat-panel').then((m) => ({ default: m.ChatPanel })),
);

/**
 * Shows the floating post chat, on the dashboard and on Saved Posts, with the profile's model.
 * Without the AI service's catalog (still loading, or out of reach) the panel says it cannot answer.
 */
export function ChatHost({ catalog }: { catalog: ModelCatalog | null }) {
  const config = useRuntimeConfig();
  const post = useChatStore((state) => state.post);
  const close = useChatStore((state) => state.close);
  const profile = useProfileStore((state) => state.profile);
  const rules = useAuthorRules();
  if (!post || !profile || !rules) return null;
  return (
    <Suspense fallback={null}>
      <ChatPanel
        key={post.id ?? `${post.title}\u0000${post.content}`}
        post={post}
        engine={profile.ai_engine}
        model={profile.ai_model ?? ''}
        language={rules.language.value}
        catalog={catalog}
        apiBaseUrl={config.apiBaseUrl}
        onClose={close}
      />
    </Suspense>
  );
}
