import { useChatStore } from '@/features/chat/chat-store';
import { SavedPostsPage } from '@/features/posts/components/saved-posts-page';
import { useProfileStore } from '@/features/profile/profile-store';

export function SavedRoute() {
  const profile = useProfileStore((state) => state.profile);
  const openChat = useChatStore((state) => state.open);
  return (
    <SavedPostsPage
      author={{ fullName: profile?.full_name, role: profile?.role, company: profile?.company }}
      maxHashtags={profile?.max_hashtags}
      onChat={openChat}
    />
  );
}
