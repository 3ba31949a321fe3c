import { PublishingPanel } from '@/entities/post/publishing/ui/publishing-panel';
import { WithPostImageUrl } from '@/entities/post/image/ui/with-post-image-url';
import { CalendarPage } from '@/features/calendar/components/calendar-page';
import { usePostsStore } from '@/features/posts/posts-store';
import { useAuthorStyle } from '@/entities/post/check/use-author-style';
import { useProfileStore } from '@/features/profile/profile-store';
import { useAuthorRules } from '@/features/profile/use-author-rules';
import { useLinkedInStatus } from '@/features/publishing/use-linkedin-status';
import { useRuntimeConfig } from '../runtime-config-context';

/**
 * The calendar reads one month of posts at a time, saves edits and plans through the posts store,
 * and shows the plan and publish controls of a post in its dialog.
 */
export function CalendarRoute() {
  const fetchPostsBetween = usePostsStore((state) => state.fetchPostsBetween);
  const fetchUpcoming = usePostsStore((state) => state.fetchUpcoming);
  const updatePost = usePostsStore((state) => state.updatePost);
  const planPost = usePostsStore((state) => state.planPost);
  const queuePost = usePostsStore((state) => state.queuePost);
  const publishPost = usePostsStore((state) => state.publishPost);
  const retryFirstComment = usePostsStore((state) => state.retryFirstComment);
  const markPublished = usePostsStore((state) => state.markPublished);
  const maxHashtags = useAuthorRules()?.maxHashtags.value;
  const authorStyle = useAuthorStyle(useProfileStore((state) => state.voiceSamples));
  const { apiBaseUrl } = useRuntimeConfig();
  const linkedin = useLinkedInStatus(apiBaseUrl);
  return (
    <CalendarPage
      loadMonth={fetchPostsBetween}
      loadUpcoming={fetchUpcoming}
      onUpdatePost={updatePost}
      onPlanPost={planPost}
      maxHashtags={maxHashtags}
      authorStyle={authorStyle}
      renderPublishing={(post, onPostChange) => (
        <WithPostImageUrl path={post.image_path}>
          {(imageUrl) => (
            <PublishingPanel
              post={post}
              linkedin={linkedin}
              imageUrl={imageUrl}
              onPlan={(date) => planPost(post.id, date)}
              onQueue={() => queuePost(post.id)}
              onPublish={() => publishPost(post.id, apiBaseUrl)}
              onMarkPublished={() => markPublished(post.id)}
              onRetryFirstComment={() => retryFirstComment(post.id, apiBaseUrl)}
              onPostChange={onPostChange}
            />
          )}
        </WithPostImageUrl>
      )}
    />
  );
}
