import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { analyzeVideo } from '../research-service';
import { useResearchStore } from '../research-store';
import type { ResearchTarget } from '../research-target';
import { useResearchRequest } from '../use-research-request';
import { emptyVideoUrlMessage } from '../youtube-video-id';
import { LastUpdated } from './last-updated';
import { LoadingNotice } from './loading-notice';
import { TopicGroup } from './topic-card';
import { VideoCard } from './video-card';

/**
 * Tab 3: analyse a YouTube video for post ideas. The link is checked by the app (docs/product.md §14), not the
 * browser: scheme-less links such as youtu.be/… are fine, and anything else gets the app's message.
 * A result stays with the video it was made for while the field is edited.
 */
export function VideoTab({
  target,
  apiBaseUrl,
  onUse,
}: {
  target: ResearchTarget;
  apiBaseUrl: string;
  onUse: (text: string) => void;
}) {
  const video = useResearchStore((state) => state.video);
  const update = useResearchStore((state) => state.updateVideo);
  const run = useResearchRequest(apiBaseUrl);

  function analyse() {
    const videoUrl = video.url;
    void run((context) => analyzeVideo({ industry: target.industry, role: target.role, videoUrl }, context), {
      setStatus: update,
      onResult: (result) => update({ result }),
      success: 'Video analysis complete!',
    });
  }

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (video.loading) return;
        if (video.url.trim() === '') update({ error: emptyVideoUrlMessage });
        else analyse();
      }}
    >
      <TextField
        label="YouTube video URL"
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://www.youtube.com/watch?v=…"
        value={video.url}
        onChange={(event) => update({ url: event.target.value })}
      />
      <Button type="submit" className="w-full" disabled={video.loading || video.url.trim() === ''}>
        Analyze Video
      </Button>
      {video.loading && <LoadingNotice />}
      {video.error && !video.loading && <Alert tone="danger">{video.error}</Alert>}
      {video.result && (
        <div className="space-y-3">
          <LastUpdated timestamp={video.result.analysis.search_timestamp} />
          <div className="max-h-[600px] space-y-4 overflow-y-auto pr-1">
            <VideoCard analysis={video.result.analysis} videoId={video.result.videoId} />
            <TopicGroup
              title="Post ideas from this video"
              topics={video.result.analysis.topicIdeas}
              onUse={onUse}
            />
          </div>
        </div>
      )}
    </form>
  );
}
