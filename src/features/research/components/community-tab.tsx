import { ArrowLeft, X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { phraseTypes, type PhraseType } from '../phrase-types';
import { findPainPoints, findSubreddits } from '../research-service';
import { useResearchStore } from '../research-store';
import type { ResearchTarget } from '../research-target';
import { useResearchRequest } from '../use-research-request';
import { CommunityProgress } from './community-progress';
import { LastUpdated } from './last-updated';
import { LoadingNotice } from './loading-notice';
import { PainPointCard } from './pain-point-card';
import { SubredditCard } from './subreddit-card';

interface CommunityTabProps {
  target: ResearchTarget;
  apiBaseUrl: string;
  onUse: (text: string) => void;
}

/** Tab 2 (docs/product.md §2): find communities, pick some, then find their pain points and content ideas. */
export function CommunityTab({ target, apiBaseUrl, onUse }: CommunityTabProps) {
  const community = useResearchStore((state) => state.community);
  const update = useResearchStore((state) => state.updateCommunity);
  const run = useResearchRequest(apiBaseUrl);
  const selected = community.selected;
  const step = community.painPoints && selected.length > 0 ? 3 : selected.length > 0 ? 2 : 1;
  // docs/product.md §14: the community query falls back to about_me.
  const query = community.query.trim() || target.aboutMe;

  const toggle = (name: string) =>
    update({
      selected: selected.includes(name) ? selected.filter((item) => item !== name) : [...selected, name],
    });

  function act() {
    if (selected.length === 0) {
      void run(
        (context) => findSubreddits({ industry: target.industry, role: target.role, query }, context),
        {
          setStatus: update,
          onResult: (subreddits) => update({ subreddits, painPoints: null }),
          success: 'Relevant subreddits found!',
        },
      );
      return;
    }
    const focus = community.focus.trim();
    void run(
      (context) =>
        findPainPoints(
          {
            industry: target.industry,
            role: target.role,
            subreddits: selected,
            phrase: phraseTypes[community.phrase],
            ...(focus ? { focus } : {}),
          },
          context,
        ),
      {
        setStatus: update,
        onResult: (painPoints) => update({ painPoints }),
        success: 'Pain points found in selected subreddits!',
      },
    );
  }

  return (
    <div className="space-y-4">
      <CommunityProgress current={step} />
      {selected.length === 0 ? (
        <TextField
          label="Niche or audience to explore"
          placeholder={target.aboutMe ? 'Leave empty to use your About me' : 'e.g. B2B SaaS founders'}
          value={community.query}
          onChange={(event) => update({ query: event.target.value })}
        />
      ) : (
        <div className="space-y-3">
          <button
            type="button"
            onClick={() => update({ selected: [], painPoints: null })}
            className="flex items-center gap-1 text-sm text-brand-600 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to subreddit search
          </button>
          <ul aria-label="Selected communities" className="flex flex-wrap gap-2">
            {selected.map((name) => (
              <li
                key={name}
                className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-700"
              >
                {name}
                <button
                  type="button"
                  aria-label={`Remove ${name}`}
                  onClick={() => toggle(name)}
                  className="rounded-full p-1 hover:bg-brand-100"
                >
                  <X aria-hidden="true" className="h-3 w-3" />
                </button>
              </li>
            ))}
          </ul>
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Look for posts that say…</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {(Object.keys(phraseTypes) as PhraseType[]).map((type) => (
                <label
                  key={type}
                  className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm"
                >
                  <input
                    type="radio"
                    name="phrase-type"
                    checked={community.phrase === type}
                    onChange={() => update({ phrase: type })}
                    className="accent-brand-500"
                  />
                  “{phraseTypes[type]}…”
                </label>
              ))}
            </div>
          </fieldset>
          <TextField
            label="Focus topics (optional)"
            placeholder="e.g. onboarding, pricing"
            value={community.focus}
            onChange={(event) => update({ focus: event.target.value })}
          />
        </div>
      )}
      <Button
        className={`w-full ${selected.length > 0 ? 'bg-green-600 hover:bg-green-700' : ''}`}
        disabled={community.loading || (selected.length === 0 && query === '')}
        onClick={act}
      >
        {selected.length > 0 ? 'Search Pain Points' : 'Find Subreddits'}
      </Button>
      {community.loading && <LoadingNotice />}
      {community.error && !community.loading && <Alert tone="danger">{community.error}</Alert>}
      {step === 3 && community.painPoints ? (
        <div className="space-y-3">
          <LastUpdated timestamp={community.painPoints.search_timestamp} />
          <ul className="max-h-[600px] space-y-3 overflow-y-auto pr-1">
            {community.painPoints.painPoints.map((painPoint) => (
              <PainPointCard key={painPoint.title} painPoint={painPoint} onUse={onUse} />
            ))}
          </ul>
        </div>
      ) : (
        community.subreddits && (
          <div className="space-y-3">
            <LastUpdated timestamp={community.subreddits.search_timestamp} />
            {selected.length > 0 ? (
              <p className="text-sm text-slate-600">
                {selected.length} selected.{' '}
                <button
                  type="button"
                  onClick={() => update({ selected: [] })}
                  className="text-brand-600 hover:underline"
                >
                  Clear selections
                </button>{' '}
                Go on to step 2: choose a phrase and search their pain points.
              </p>
            ) : (
              <p className="text-sm text-slate-600">
                Select one or more communities, then go on to step 2 to search their pain points.
              </p>
            )}
            <ul className="max-h-[600px] space-y-3 overflow-y-auto pr-1">
              {community.subreddits.subreddits.map((item) => (
                <SubredditCard
                  key={item.name}
                  community={item}
                  selected={selected.includes(item.name)}
                  onToggle={() => toggle(item.name)}
                />
              ))}
            </ul>
          </div>
        )
      )}
    </div>
  );
}
