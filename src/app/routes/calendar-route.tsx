import { CalendarPage } from '@/features/calendar/components/calendar-page';
import { usePostsStore } from '@/features/posts/posts-store';
import { useProfileStore } from '@/features/profile/profile-store';

/** The calendar reads one month of posts at a time and saves edits through the posts store. */
export function CalendarRoute() {
  const fetchPostsBetween = usePostsStore((state) => state.fetchPostsBetween);
  const updatePost = usePostsStore((state) => state.updatePost);
  const maxHashtags = useProfileStore((state) => state.profile?.max_hashtags);
  return <CalendarPage loadMonth={fetchPostsBetween} onUpdatePost={updatePost} maxHashtags={maxHashtags} />;
}
