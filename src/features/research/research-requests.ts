import type { z } from 'zod';
import { researchModel } from '@shared/research-api';
import type { AgentRequestBody } from '@/lib/ai/perplexity-agent';
import type { YouTubeVideo } from '@/lib/ai/youtube-videos';
import {
  PainPointReplySchema,
  SubredditReplySchema,
  TopicSuggestionResultSchema,
  toModelJsonSchema,
  VideoAnalysisReplySchema,
} from './research-schemas';
import { toSearchDomainFilter } from './website-target';
import { audienceOf } from '@/config/profile-options';

/** Who the research is for. */
export interface Researcher {
  industry: string;
  role: string;
}

/** docs/product.md §14 fallbacks: the panel applies them from the profile; blank strings still get a default here. */
export function withFallbacks<T extends Researcher>(researcher: T): T {
  return {
    ...researcher,
    ...audienceOf({ industry: clip(researcher.industry, 200), role: clip(researcher.role, 200) }),
  };
}

type SchemaName = 'topic_suggestions' | 'subreddits' | 'pain_points' | 'video_analysis';

/** The answer's shape in the prompt too: the Agent API treats response_format as guidance, not a guarantee. */
function request(
  researcher: Researcher,
  name: SchemaName,
  schema: z.ZodType,
  task: string,
  sampling: {
    temperature: number;
    top_p?: number;
    search_context_size: 'medium' | 'high';
    domains?: string[];
  },
): AgentRequestBody {
  const { industry, role } = researcher;
  const domains = sampling.domains ?? [];
  return {
    model: researchModel,
    instructions:
      `You are a research assistant for a ${role} in ${industry} who writes LinkedIn posts. ` +
      'Use current, credible sources from the web. ' +
      `Reply ONLY with one JSON object matching the "${name}" JSON schema: no prose, no Markdown, no code fences.`,
    input: task,
    tools: [
      {
        type: 'web_search',
        search_context_size: sampling.search_context_size,
        ...(domains.length > 0 ? { filters: { search_domain_filter: domains } } : {}),
      },
    ],
    response_format: { type: 'json_schema', json_schema: { name, schema: toModelJsonSchema(schema) } },
    temperature: sampling.temperature,
    ...(sampling.top_p !== undefined ? { top_p: sampling.top_p } : {}),
    max_output_tokens: 2000,
  };
}

const topicFields =
  'title, description (two or three sentences), relevance_score (1 to 10: how relevant it is to them), ' +
  'trending_keywords, target_audience and content_angle';

export function topicSuggestionsRequest(
  researcher: Researcher & { interests: string; websites: string[] },
): AgentRequestBody {
  const domains = toSearchDomainFilter(researcher.websites);
  const task = [
    `Suggest LinkedIn post topics for a ${researcher.role} in ${researcher.industry}.`,
    `Their interests and expertise: ${clip(researcher.interests) || 'not given'}.`,
    domains.length > 0 ? `Research these websites: ${domains.join(', ')}.` : '',
    'Give three to five topics in each group: industry_trends (what is trending in the industry now), ' +
      'audience_interests (what their audience asks about and engages with) and content_gaps ' +
      '(under-covered subjects where they could stand out).',
    `For each topic give ${topicFields}.`,
    'Set search_timestamp to the current date and time in ISO 8601.',
  ];
  return request(researcher, 'topic_suggestions', TopicSuggestionResultSchema, lines(task), {
    temperature: 0.7,
    top_p: 0.9,
    search_context_size: 'high',
    domains,
  });
}

export function subredditsRequest(researcher: Researcher & { query: string }): AgentRequestBody {
  const query = clip(researcher.query, 2_000) || researcher.industry;
  const task = [
    `Find five to eight active Reddit communities (subreddits) where people discuss: "${query}".`,
    `They should matter to a ${researcher.role} in ${researcher.industry} and their audience.`,
    'Only real, existing subreddits, most relevant first. For each give name (as r/name), members ' +
      '(the member count as text, such as "1.2 million"), description (one sentence) and relevance (1 to 10).',
  ];
  return request(researcher, 'subreddits', SubredditReplySchema, lines(task), {
    temperature: 0.2,
    search_context_size: 'medium',
  });
}

export function painPointsRequest(
  researcher: Researcher & { subreddits: string[]; phrase: string; focus?: string },
): AgentRequestBody {
  // The phrase text ("How do you", …), not its key: the community tab looks the key up.
  const phrase = clip(researcher.phrase, 500);
  const communities = researcher.subreddits
    .slice(0, 20)
    .map((name) => (/^\/?r\//i.test(name) ? name.replace(/^\//, '') : `r/${name}`));
  const focus = clip(researcher.focus ?? '', 2_000);
  const task = [
    `Search these subreddits: ${communities.join(', ')}.`,
    `Find posts and comments phrased like "${phrase} …"${focus ? ` about ${focus}` : ''}.`,
    `Group them into the three to five pain points with the most engagement that a ${researcher.role} ` +
      `in ${researcher.industry} could address.`,
    'For each give title, summary (two or three sentences in the community’s own terms), engagement ' +
      '(upvotes and comments of the most engaged matching thread, as numbers) and contentIdeas: ' +
      'exactly three LinkedIn post ideas that answer it.',
  ];
  return request(researcher, 'pain_points', PainPointReplySchema, lines(task), {
    temperature: 0.3,
    search_context_size: 'medium',
  });
}

const maxDescriptionInPrompt = 5_000;

export function videoAnalysisRequest(researcher: Researcher, video: YouTubeVideo): AgentRequestBody {
  const task = [
    `Analyse this YouTube video for LinkedIn post ideas for a ${researcher.role} in ${researcher.industry}.`,
    `URL: https://www.youtube.com/watch?v=${video.id}`,
    `Title: ${video.title}`,
    `Channel: ${video.channelTitle}`,
    `Views: ${video.viewCount}; Likes: ${video.likeCount}; Comments: ${video.commentCount}; Favorites: ${video.favoriteCount}`,
    `Description:\n${video.description.slice(0, maxDescriptionInPrompt)}`,
    'Give mainTopics (three to five), keyInsights (three to five, concrete) and topicIdeas ' +
      `(three to five LinkedIn post topics inspired by the video, each with ${topicFields}).`,
    // The facts are overwritten with YouTube's anyway: echoing a long description would only spend tokens.
    'Leave out videoTitle, videoDescription, channelAuthor and the counts: they are filled in from YouTube.',
  ];
  return request(researcher, 'video_analysis', VideoAnalysisReplySchema, lines(task), {
    temperature: 0.7,
    search_context_size: 'medium',
  });
}

/** User text in a prompt, capped so a request stays well inside the Agent API's input limit. */
function clip(text: string, max = 10_000): string {
  return text.trim().slice(0, max);
}

function lines(parts: string[]): string {
  return parts.filter((part) => part !== '').join('\n');
}
