import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { analyzeVideo } from '../research-service';
import { useResearchStore } from '../research-store';
import type { ResearchTarget } from '../research-target';
import { useResearchRequest } from '../use-research-request';
import { extractYouTubeVideoId } from '../youtube-video-id';
import { LastUpdated } from './last-updated';
import { LoadingNotice } from './loading-notice';
import { TopicGroup } from './topic-card';
import { VideoCard } from './video-card';

function videoIdOf(url: string): string | null {
  try {
    return extractYouTubeVideoId(url);
  } catch {
    return null;
  }
}

/** Tab 3: analyse a YouTube video for post ideas. */
export function VideoTab({ target, apiBaseUrl, onUse }: { target: ResearchTarget; apiBaseUrl: string; onUse: (text: string) => void }) {
  const video = useResearchStore((state) => state.video);
  const update = useResearchStore((state) => state.updateVideo);
  const run = useResearchRequest(apiBaseUrl);
  const analysedId = video.analysis ? videoIdOf(video.url) : null;

  function analyse() {
    void run((context) => analyzeVideo({ industry: target.industry, role: target.role, videoUrl: video.url }, context), {
      setStatus: update,
      onResult: (analysis) => update({ analysis }),
      success: 'Video analysis complete!',
    });
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (video.url.trim() !== '' && !video.loading) analyse();
      }}
    >
      <TextField label="YouTube video URL" type="url" inputMode="url" placeholder="https://www.youtube.com/watch?v=…" value={video.url} onChange={(event) => update({ url: event.target.value })} />
      <Button type="submit" className="w-full" disabled={video.loading || video.url.trim() === ''}>
        Analyze Video
      </Button>
      {video.loading && <LoadingNotice />}
      {video.error && !video.loading && <Alert tone="danger">{video.error}</Alert>}
      {video.analysis && analysedId && (
        <div className="space-y-3">
          <LastUpdated timestamp={video.analysis.search_timestamp} />
          <div className="max-h-[600px] space-y-4 overflow-y-auto pr-1">
            <VideoCard analysis={video.analysis} videoId={analysedId} />
            <TopicGroup title="Post ideas from this video" topics={video.analysis.topicIdeas} onUse={onUse} />
          </div>
        </div>
      )}
    </form>
  );
}
