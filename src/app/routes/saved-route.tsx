import { useChatStore } from '@/features/chat/chat-store';
import { SavedPostsPage } from '@/features/posts/components/saved-posts-page';
import { usePostsStore } from '@/features/posts/posts-store';
import { useProfileStore } from '@/features/profile/profile-store';
import { useAuthorStyle } from '@/entities/post/check/use-author-style';
import { useAuthorRules } from '@/features/profile/use-author-rules';
import { useLinkedInStatus } from '@/features/publishing/use-linkedin-status';
import { useRuntimeConfig } from '../runtime-config-context';

export function SavedRoute() {
  const profile = useProfileStore((state) => state.profile);
  const rules = useAuthorRules();
  const authorStyle = useAuthorStyle(useProfileStore((state) => state.voiceSamples));
  const openChat = useChatStore((state) => state.open);
  const { apiBaseUrl } = useRuntimeConfig();
  const linkedin = useLinkedInStatus(apiBaseUrl);
  const publishPost = usePostsStore((state) => state.publishPost);
  const retryFirstComment = usePostsStore((state) => state.retryFirstComment);
  return (
    <SavedPostsPage
      author={{ fullName: profile?.full_name, role: profile?.role, company: profile?.company }}
      maxHashtags={rules?.maxHashtags.value}
      authorStyle={authorStyle}
      onChat={openChat}
      publishing={{
        linkedin,
        onPublish: (id) => publishPost(id, apiBaseUrl),
        onRetryFirstComment: (id) => retryFirstComment(id, apiBaseUrl),
      }}
    />
  );
}
