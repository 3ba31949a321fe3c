import { create } from 'zustand';
import type { PhraseType } from './phrase-types';
import type { PainPointResult, SubredditResult, TopicSuggestionResult } from './research-schemas';
import type { AnalysedVideo } from './research-service';

export type ResearchTab = 'perplexity' | 'reddit' | 'youtube';

interface TabStatus {
  loading: boolean;
  error: string | null;
}

export interface ResearchState {
  activeTab: ResearchTab;
  ai: TabStatus & {
    interests: string | null;
    showWebsites: boolean;
    websiteInput: string;
    websites: string[];
    result: TopicSuggestionResult | null;
  };
  community: TabStatus & {
    query: string;
    subreddits: SubredditResult | null;
    selected: string[];
    phrase: PhraseType;
    focus: string;
    painPoints: PainPointResult | null;
  };
  /** `result` is the video last analysed, whatever the field holds since. */
  video: TabStatus & { url: string; result: AnalysedVideo | null };
  setTab: (tab: ResearchTab) => void;
  updateAi: (patch: Partial<ResearchState['ai']>) => void;
  updateCommunity: (patch: Partial<ResearchState['community']>) => void;
  updateVideo: (patch: Partial<ResearchState['video']>) => void;
  reset: () => void;
}

const initial = {
  activeTab: 'perplexity' as ResearchTab,
  ai: {
    loading: false,
    error: null,
    interests: null,
    showWebsites: false,
    websiteInput: '',
    websites: [],
    result: null,
  },
  community: {
    loading: false,
    error: null,
    query: '',
    subreddits: null,
    selected: [],
    phrase: 'how' as PhraseType,
    focus: '',
    painPoints: null,
  },
  video: { loading: false, error: null, url: '', result: null },
};

/**
 * The research panel's inputs and results for this session: closing "Find Topics" and opening it
 * again loses nothing (kept in memory only; research results are not stored in the database).
 */
export const useResearchStore = create<ResearchState>()((set) => ({
  ...initial,
  setTab: (activeTab) => set({ activeTab }),
  updateAi: (patch) => set((state) => ({ ai: { ...state.ai, ...patch } })),
  updateCommunity: (patch) => set((state) => ({ community: { ...state.community, ...patch } })),
  updateVideo: (patch) => set((state) => ({ video: { ...state.video, ...patch } })),
  reset: () => set(initial),
}));
