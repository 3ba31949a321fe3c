import { useId, type KeyboardEvent } from 'react';
import { toast } from '@/lib/toast/toast';
import { useResearchStore, type ResearchTab } from '../research-store';
import { researchTarget, type ResearchProfile } from '../research-target';
import { AiResearchTab } from './ai-research-tab';
import { CommunityTab } from './community-tab';
import { VideoTab } from './video-tab';

interface ResearchPanelProps {
  profile: ResearchProfile | null;
  apiBaseUrl: string;
  /** Receives "title: description" for a topic, or the bare text of an idea. */
  onChoose: (text: string) => void;
}

const tabs: { id: ResearchTab; label: string }[] = [
  { id: 'perplexity', label: 'AI-Powered Research' },
  { id: 'reddit', label: 'Community Research' },
  { id: 'youtube', label: 'Video Research' },
];

/** The Topic Research Assistant (docs/product.md §2): three ways to find something worth posting about. */
export function ResearchPanel({ profile, apiBaseUrl, onChoose }: ResearchPanelProps) {
  const activeTab = useResearchStore((state) => state.activeTab);
  const setTab = useResearchStore((state) => state.setTab);
  const baseId = useId();

  if (!profile) {
    return <p className="text-sm text-slate-600">Finish setting up your profile to research topics.</p>;
  }
  const target = researchTarget(profile);
  const choose = (text: string) => {
    toast.success('Topic selected!');
    onChoose(text);
  };

  function onTabKey(event: KeyboardEvent) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = tabs.findIndex((tab) => tab.id === activeTab);
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    if (next) setTab(next.id);
  }

  return (
    <section
      aria-label="Topic Research Assistant"
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <header className="mb-4">
        <h2 className="font-semibold text-slate-900">Topic Research Assistant</h2>
        <p className="text-sm text-slate-600">
          {target.headerIndustry ?? 'Not specified'} · {target.headerRole ?? 'Not specified'}
        </p>
      </header>
      <div
        role="tablist"
        aria-label="Research methods"
        className="mb-4 flex gap-1 rounded-lg bg-slate-200 p-1"
        onKeyDown={onTabKey}
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${baseId}-${tab.id}-tab`}
            type="button"
            role="tab"
            aria-selected={activeTab === tab.id}
            aria-controls={`${baseId}-${tab.id}-panel`}
            tabIndex={activeTab === tab.id ? 0 : -1}
            onClick={() => setTab(tab.id)}
            className={`flex-1 rounded-md px-3 py-1.5 text-sm font-medium ${activeTab === tab.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${activeTab}-panel`} aria-labelledby={`${baseId}-${activeTab}-tab`}>
        {activeTab === 'perplexity' && (
          <AiResearchTab target={target} apiBaseUrl={apiBaseUrl} onUse={choose} />
        )}
        {activeTab === 'reddit' && <CommunityTab target={target} apiBaseUrl={apiBaseUrl} onUse={choose} />}
        {activeTab === 'youtube' && <VideoTab target={target} apiBaseUrl={apiBaseUrl} onUse={choose} />}
      </div>
    </section>
  );
}
