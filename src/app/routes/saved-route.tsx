import { useChatStore } from '@/features/chat/chat-store';
import { SavedPostsPage } from '@/features/posts/components/saved-posts-page';
import { usePostsStore } from '@/features/posts/posts-store';
import { useProfileStore } from '@/features/profile/profile-store';
import { useLinkedInStatus } from '@/features/publishing/use-linkedin-status';
import { useRuntimeConfig } from '../runtime-config-context';

export function SavedRoute() {
  const profile = useProfileStore((state) => state.profile);
  const openChat = useChatStore((state) => state.open);
  const { apiBaseUrl } = useRuntimeConfig();
  const linkedin = useLinkedInStatus(apiBaseUrl);
  const publishPost = usePostsStore((state) => state.publishPost);
  const retryFirstComment = usePostsStore((state) => state.retryFirstComment);
  return (
    <SavedPostsPage
      author={{ fullName: profile?.full_name, role: profile?.role, company: profile?.company }}
      maxHashtags={profile?.max_hashtags}
      onChat={openChat}
      publishing={{
        linkedin,
        onPublish: (id) => publishPost(id, apiBaseUrl),
        onRetryFirstComment: (id) => retryFirstComment(id, apiBaseUrl),
      }}
    />
  );
}
