/** The default research answers of the fake Perplexity, one valid JSON object per schema name. */
import { isObject, type JsonObject } from './http-utils.ts';
import { DEFAULT_VIDEO, type PerplexityReplyStyle } from './scenarios.ts';

export type SchemaName = 'topic_suggestions' | 'subreddits' | 'pain_points' | 'video_analysis';

function topic(title: string, score: number, keywords: string[]): JsonObject {
  return {
    title,
    description: `Why ${title.toLowerCase()} matters now, with concrete examples professionals can act on this week.`,
    relevance_score: score,
    trending_keywords: keywords,
    target_audience: 'Mid-career professionals and team leads',
    content_angle: 'Personal story followed by three practical lessons',
  };
}

export function topicList(prefix: string): JsonObject[] {
  return [
    topic(`${prefix}: AI copilots in everyday work`, 9, ['AI', 'productivity', 'copilots']),
    topic(`${prefix}: Remote team rituals that work`, 8, ['remote work', 'culture']),
    topic(`${prefix}: Learning in public`, 7, ['personal brand', 'learning']),
  ];
}

/** Every string in the request's `input` (where the app puts the video details). */
export function inputText(body: JsonObject): string {
  const strings: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (isObject(value)) Object.values(value).forEach(collect);
  };
  collect(body.input);
  return strings.join('\n');
}

function find(text: string, label: string): string | undefined {
  const match = new RegExp(`\\b(?:${label})\\b["']?\\s*[:=]\\s*["“']?([^"”\\n]+)`, 'i').exec(text);
  return match?.[1]?.replace(/["”',\s]+$/, '').trim() || undefined;
}

function findCount(text: string, label: string): number | undefined {
  const match = new RegExp(`\\b(?:${label})\\b["']?\\s*[:=]\\s*["']?([\\d,]+)`, 'i').exec(text);
  return match?.[1] ? Number(match[1].replaceAll(',', '')) : undefined;
}

/** True when the request's JSON schema declares this property as a string. */
function wantsString(schema: unknown, property: string): boolean {
  if (!isObject(schema) || !isObject(schema.properties)) return false;
  const declared = schema.properties[property];
  return (
    isObject(declared) &&
    (declared.type === 'string' || (Array.isArray(declared.type) && declared.type.includes('string')))
  );
}

function videoAnalysis(text: string, schema: unknown): JsonObject {
  const count = (property: string, label: string, fallback: string) => {
    const value = findCount(text, label) ?? Number(fallback);
    return wantsString(schema, property) ? String(value) : value;
  };
  return {
    videoTitle: find(text, 'video\\s*title|title') ?? DEFAULT_VIDEO.title,
    videoDescription: find(text, 'video\\s*description|description') ?? DEFAULT_VIDEO.description,
    channelAuthor:
      find(text, 'channel\\s*author|channel\\s*title|channel\\s*name|channelTitle|channel|author') ??
      DEFAULT_VIDEO.channelTitle,
    viewCount: count('viewCount', 'view\\s*count|viewCount|views', DEFAULT_VIDEO.viewCount),
    commentCount: count('commentCount', 'comment\\s*count|commentCount|comments', DEFAULT_VIDEO.commentCount),
    likeCount: count('likeCount', 'like\\s*count|likeCount|likes', DEFAULT_VIDEO.likeCount),
    favoriteCount: count(
      'favoriteCount',
      'favorite\\s*count|favoriteCount|favorites',
      DEFAULT_VIDEO.favoriteCount,
    ),
    mainTopics: ['Choosing a niche', 'Writing posts people read', 'Turning comments into conversations'],
    keyInsights: [
      'Consistency beats virality: post on a schedule you can keep.',
      'Stories with a clear lesson get more meaningful comments than announcements.',
      'Replying to comments in the first hour extends a post’s reach.',
    ],
    topicIdeas: topicList('Video'),
    search_timestamp: new Date().toISOString(),
  };
}

/** The default answer for a schema name, or undefined for an unknown one. */
export function defaultPayload(
  name: string | undefined,
  text: string,
  schema: unknown,
): JsonObject | undefined {
  const search_timestamp = new Date().toISOString();
  switch (name) {
    case 'topic_suggestions':
      return {
        industry_trends: topicList('Trend'),
        audience_interests: topicList('Interest'),
        content_gaps: topicList('Gap'),
        search_timestamp,
      };
    case 'subreddits':
      return {
        subreddits: [
          {
            name: 'r/careerguidance',
            members: '1.2 million',
            description: 'Career questions and advice from peers.',
            relevance: 9,
          },
          {
            name: 'r/productivity',
            members: '2.1 million',
            description: 'Habits, tools and systems for getting work done.',
            relevance: 7,
          },
          {
            name: 'r/linkedin',
            members: '45 thousand',
            description: 'Tips and discussion about using LinkedIn.',
            relevance: 8,
          },
        ],
        search_timestamp,
      };
    case 'pain_points':
      return {
        painPoints: [
          {
            title: 'Posting consistently while working full time',
            summary: 'Professionals want to share what they know but cannot find time to write every week.',
            engagement: { upvotes: 842, comments: 127 },
            contentIdeas: [
              'My 30-minute weekly writing routine',
              'Batching a month of posts in one afternoon',
              'Turning meeting notes into posts',
            ],
          },
          {
            title: 'Not knowing what to write about',
            summary: 'Many feel their daily work is too ordinary to be interesting to others.',
            engagement: { upvotes: 513, comments: 96 },
            contentIdeas: [
              'Ordinary work is someone else’s insight',
              'Five questions to find your story',
              'What I learned from my worst week',
            ],
          },
        ],
        search_timestamp,
      };
    case 'video_analysis':
      return videoAnalysis(text, schema);
    default:
      return undefined;
  }
}

function withRelevance11(payload: JsonObject): JsonObject {
  const copy = structuredClone(payload);
  for (const key of ['industry_trends', 'topicIdeas', 'subreddits']) {
    const first = Array.isArray(copy[key]) ? (copy[key] as unknown[])[0] : undefined;
    if (isObject(first)) first[key === 'subreddits' ? 'relevance' : 'relevance_score'] = 11;
  }
  return copy;
}

/** The output_text for a payload in the given reply style. */
export function styledReply(payload: JsonObject | undefined, style: PerplexityReplyStyle): string {
  if (payload === undefined || style === 'none') {
    return 'I could not find enough recent discussion to give a structured answer. Try broadening your query.';
  }
  const json = JSON.stringify(payload, null, 2);
  switch (style) {
    case 'prose':
      return `Here is what I found in current discussions:\n\n${json}\n\nLet me know if you want more detail on any of these.`;
    case 'fenced':
      return `\`\`\`json\n${json}\n\`\`\``;
    case 'invalid':
      // Balanced braces, but unquoted keys and a trailing comma: found, yet not parseable.
      return json.replace(/"([A-Za-z_]+)":/g, '$1:').replace(/\n}$/, ',\n}');
    case 'two-objects':
      return `${json}\n${JSON.stringify({ note: 'A second object that must be ignored.' }, null, 2)}`;
    case 'relevance-out-of-range':
      return JSON.stringify(withRelevance11(payload), null, 2);
    case 'extra-field':
      return JSON.stringify({ ...payload, unexpected_field: 'not in the schema' }, null, 2);
    default:
      return json;
  }
}
