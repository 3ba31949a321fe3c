import { DashboardPage } from '@/features/generator/components/dashboard-page';
import { useIdeasStore } from '@/features/ideas/ideas-store';
import { usePostsStore } from '@/features/posts/posts-store';
import { useProfileStore } from '@/features/profile/profile-store';
import { useRuntimeConfig } from '../runtime-config-context';

/**
 * The dashboard composes the generator with saving (spec §4 "Save"): insert the post, then count
 * the topic in the ideas bank and refresh it. A failure in the topic step is logged and does not
 * fail the save.
 */
export function DashboardRoute() {
  const config = useRuntimeConfig();
  const profile = useProfileStore((state) => state.profile);
  const profileLoading = useProfileStore((state) => state.loading);
  const createPost = usePostsStore((state) => state.createPost);
  const recordTopicUse = useIdeasStore((state) => state.recordTopicUse);
  const fetchIdeas = useIdeasStore((state) => state.fetchIdeas);

  async function save(topic: string, content: string) {
    await createPost(topic, content);
    try {
      await recordTopicUse(topic);
      await fetchIdeas();
    } catch (error) {
      console.error('The post was saved, but its topic could not be added to the ideas bank', error);
    }
  }

  return <DashboardPage profile={profile} profileLoading={profileLoading} catalog={config.modelCatalog} apiBaseUrl={config.apiBaseUrl} onSave={save} />;
}
