import { Plus, X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { getTopicSuggestions } from '../research-service';
import { useResearchStore } from '../research-store';
import type { ResearchTarget } from '../research-target';
import { useResearchRequest } from '../use-research-request';
import { normalizeWebsiteTarget, withoutScheme } from '../website-target';
import { LastUpdated } from './last-updated';
import { LoadingNotice } from './loading-notice';
import { TopicGroup } from './topic-card';

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

  function addWebsite() {
    const site = normalizeWebsiteTarget(ai.websiteInput);
    if (site === null) return; // spec §5: empty input is ignored
    update({ websites: [...ai.websites, site], websiteInput: '' });
  }

  function search() {
    void run((context) => getTopicSuggestions({ industry: target.industry, role: target.role, interests: interests.trim(), websites: ai.websites }, context), {
      setStatus: update,
      onResult: (result) => update({ result }),
      success: 'Topic suggestions loaded!',
    });
  }

  return (
    <div className="space-y-4">
      <TextAreaField label="Your interests and expertise" rows={3} value={interests} onChange={(event) => update({ interests: event.target.value })} />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={ai.showWebsites} onChange={(event) => update({ showWebsites: event.target.checked })} className="accent-brand-500" />
        Add specific websites to research
      </label>
      {ai.showWebsites && (
        <div className="space-y-2">
          <div className="flex gap-2">
            <label className="sr-only" htmlFor="research-website">
              Website to research
            </label>
            <input
              id="research-website"
              type="url"
              inputMode="url"
              placeholder="e.g. techcrunch.com"
              value={ai.websiteInput}
              onChange={(event) => update({ websiteInput: event.target.value })}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addWebsite();
                }
              }}
              className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500"
            />
            <Button variant="secondary" onClick={addWebsite}>
              <Plus aria-hidden="true" className="h-4 w-4" /> Add
            </Button>
          </div>
          {ai.websites.length > 0 && (
            <ul aria-label="Websites to research" className="flex flex-wrap gap-2">
              {ai.websites.map((site, index) => (
                <li key={`${site}-${index}`} className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm text-slate-700">
                  {withoutScheme(site)}
                  <button
                    type="button"
                    aria-label={`Remove ${withoutScheme(site)}`}
                    onClick={() => update({ websites: ai.websites.filter((_, position) => position !== index) })}
                    className="rounded-full p-1 hover:bg-slate-200"
                  >
                    <X aria-hidden="true" className="h-3 w-3" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
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
