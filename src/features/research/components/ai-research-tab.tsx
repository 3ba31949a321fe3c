import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { getTopicSuggestions } from '../research-service';
import { useResearchStore } from '../research-store';
import type { ResearchTarget } from '../research-target';
import { useResearchRequest } from '../use-research-request';
import { LastUpdated } from './last-updated';
import { LoadingNotice } from './loading-notice';
import { TopicGroup } from './topic-card';
import { WebsiteTargets } from './website-targets';

interface AiResearchTabProps {
  target: ResearchTarget;
  apiBaseUrl: string;
  onUse: (text: string) => void;
}

/** Tab 1: topics from the user's interests, optionally limited to chosen websites. */
export function AiResearchTab({ target, apiBaseUrl, onUse }: AiResearchTabProps) {
  const ai = useResearchStore((state) => state.ai);
  const update = useResearchStore((state) => state.updateAi);
  const run = useResearchRequest(apiBaseUrl);
  const interests = ai.interests ?? target.aboutMe;

  function search() {
    void run(
      (context) =>
        getTopicSuggestions(
          {
            industry: target.industry,
            role: target.role,
            interests: interests.trim(),
            websites: ai.websites,
          },
          context,
        ),
      {
        setStatus: update,
        onResult: (result) => update({ result }),
        success: 'Topic suggestions loaded!',
      },
    );
  }

  return (
    <div className="space-y-4">
      <TextAreaField
        label="Your interests and expertise"
        rows={3}
        value={interests}
        onChange={(event) => update({ interests: event.target.value })}
      />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={ai.showWebsites}
          onChange={(event) => update({ showWebsites: event.target.checked })}
          className="accent-brand-500"
        />
        Add specific websites to research
      </label>
      {ai.showWebsites && <WebsiteTargets input={ai.websiteInput} websites={ai.websites} onChange={update} />}
      <Button className="w-full" disabled={ai.loading || interests.trim() === ''} onClick={search}>
        Get Topic Suggestions
      </Button>
      {ai.loading && <LoadingNotice />}
      {ai.error && !ai.loading && <Alert tone="danger">{ai.error}</Alert>}
      {ai.result && (
        <div className="space-y-3">
          <LastUpdated timestamp={ai.result.search_timestamp} />
          <div className="max-h-[600px] space-y-6 overflow-y-auto pr-1">
            <TopicGroup title="Industry Trends" topics={ai.result.industry_trends} onUse={onUse} />
            <TopicGroup title="Audience Interests" topics={ai.result.audience_interests} onUse={onUse} />
            <TopicGroup title="Content Gaps" topics={ai.result.content_gaps} onUse={onUse} />
          </div>
        </div>
      )}
    </div>
  );
}
