/**
 * Scenario types and defaults for the fake providers (harness/fakes/fake-providers.ts).
 * Every knob is optional: an empty scenario is the happy path. Wire formats: docs/wire-formats.md §7.
 */

export type ProviderName = 'groq' | 'anthropic' | 'openai-compatible' | 'perplexity' | 'youtube' | 'linkedin';
export const providerNames: readonly ProviderName[] = [
  'groq',
  'anthropic',
  'openai-compatible',
  'perplexity',
  'youtube',
  'linkedin',
];

export function isProviderName(value: unknown): value is ProviderName {
  return typeof value === 'string' && (providerNames as readonly string[]).includes(value);
}

/** Answer with this HTTP status; `body` replaces the provider's default error JSON for that status. */
export interface ErrorScenario {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The first `times` requests fail like an {@link ErrorScenario}; the ones after answer as usual. */
export interface FailFirstScenario extends ErrorScenario {
  times: number;
}

interface BaseScenario {
  /** Delay before the first byte of any answer (errors included). Default 0. */
  latencyMs?: number;
  /** Fail the request with this status and the provider's error JSON (429 adds `retry-after: 1`). */
  error?: ErrorScenario;
}

/** What every AI provider's fake (Groq, Anthropic, OpenAI-compatible, Perplexity, YouTube) can also do. */
interface AiProviderScenario extends BaseScenario {
  /**
   * A transient failure: the next `times` requests fail with `status` (and the provider's error
   * JSON; 429 adds `retry-after: 1` unless `headers` say otherwise), then requests answer as the
   * rest of the scenario says. The count starts again whenever the scenario is set. A retry test.
   */
  failFirst?: FailFirstScenario;
}

interface StreamingScenario extends AiProviderScenario {
  /** The reply text. Default: {@link DEFAULT_POST_TEXT}. */
  text?: string;
  /** Streaming pace; one word-ish token (whitespace kept) per 1000/tokensPerSecond ms. Default 200. */
  tokensPerSecond?: number;
  /** Destroy the socket after this many content chunks (no [DONE] / message_stop). */
  disconnectAfterChunks?: number;
}

/**
 * What an OpenAI Chat Completions fake (Groq, OpenAI-compatible) answers with: the reply text is
 * chosen the same way by both (chat-completions.ts), so a test scripts either engine alike.
 */
interface ChatCompletionsScenario extends StreamingScenario {
  /**
   * Replies chosen by what the request says: the first rule whose `contains` occurs in the request's
   * messages gives the reply text or the error (otherwise `text` and `error`). Lets a test answer
   * each variant or rewrite on its own.
   */
  replyWhen?: { contains: string; text?: string; error?: ErrorScenario }[];
  /** After this many content chunks send `data: {"error":{…}}` and end the stream. */
  midStreamError?: number;
  /**
   * The next this-many carousel requests (see {@link CAROUSEL_REQUEST_MARKER}) get a reply whose JSON
   * is cut off, then they get {@link DEFAULT_CAROUSEL_REPLY}: the app's one retry. The count starts
   * again whenever the scenario is set.
   */
  malformedCarousels?: number;
  /** The reply to a carousel request instead of {@link DEFAULT_CAROUSEL_REPLY}. */
  carouselText?: string;
}

export interface GroqScenario extends ChatCompletionsScenario {
  /** Prefix the reply with `<think>…</think>`; `true` uses {@link DEFAULT_THINKING}. */
  thinking?: boolean | string;
  /** Models answered with 400 model_decommissioned. Default: {@link RETIRED_GROQ_MODELS}. */
  retiredModels?: string[];
}

/**
 * Any OpenAI-compatible server (Ollama, LM Studio, vLLM, llama.cpp, OpenRouter, OpenAI) under
 * `/openai-compatible/v1` (openai-compatible-fake.ts). How a model answers depends on its id:
 * see {@link COMPATIBLE_MODEL_STYLES}. `error`, `failFirst` and `replyWhen` errors apply to chat
 * completions only, so a retry test counts chat requests; `/models` fails with `modelsError`.
 */
export interface OpenAiCompatibleScenario extends ChatCompletionsScenario {
  /**
   * The bearer key the server wants. Default none: a local server takes any Authorization header or
   * none; with a key, a missing or different one gets OpenAI's 401 invalid_api_key.
   */
  requireKey?: string;
  /** The model ids `/models` lists and chat accepts (others get 404). Default {@link DEFAULT_COMPATIBLE_MODELS}. */
  models?: string[];
  /** `/models` answers this status with an OpenAI error body instead of the list. */
  modelsError?: number;
  /** What a reasoning model thinks before it writes. Default {@link DEFAULT_THINKING}. */
  thinking?: string;
  /**
   * A local model still loading into memory: chat completions wait this long before the response
   * head (streaming or not). Other requests are answered meanwhile; a client that gives up ends it.
   */
  firstTokenDelayMs?: number;
  /**
   * Chat completions get this raw answer instead of OpenAI's error JSON: what a reverse proxy (an
   * HTML 502 page) or a server's own framework (vLLM/FastAPI's `{"detail":"Not Found"}`) sends.
   * See {@link NON_OPENAI_ERRORS}.
   */
  nonOpenAiError?: { status: number; contentType: string; body: string };
  /**
   * After this many content chunks send one event whose JSON is cut off
   * (`data: {"id":"chatcmpl-x","choices":[{"delta":{"content":"oops`) and end the stream: a server
   * or proxy that garbles a chunk.
   */
  malformedChunkAfter?: number;
}

export interface AnthropicScenario extends StreamingScenario {
  /** The reply to a carousel request (see {@link CAROUSEL_REQUEST_MARKER}) instead of {@link DEFAULT_CAROUSEL_REPLY}. */
  carouselText?: string;
  /** After this many content chunks send `event: error` (overloaded_error) and end the stream. */
  midStreamError?: number;
  /** Models answered with 404 not_found_error. Default: {@link RETIRED_ANTHROPIC_MODELS}. */
  retiredModels?: string[];
}

export type PerplexityReplyStyle =
  | 'plain'
  | 'prose'
  | 'fenced'
  | 'invalid'
  | 'none'
  | 'two-objects'
  | 'relevance-out-of-range'
  | 'extra-field';

export interface PerplexityScenario extends AiProviderScenario {
  /** How the JSON is presented inside the output_text. Default 'plain'. */
  replyStyle?: PerplexityReplyStyle;
  /** Replace the default JSON object for the request's schema (replyStyle still applies). */
  payload?: Record<string, unknown>;
  /** Use this output_text verbatim (replyStyle and payload are ignored). */
  replyText?: string;
  /** HTTP 200 with `status:"failed"`, empty output and an `error` object. */
  failed?: boolean;
}

export interface FakeVideo {
  title: string;
  description: string;
  channelTitle: string;
  channelId: string;
  publishedAt: string;
  tags: string[];
  viewCount: string;
  likeCount: string;
  favoriteCount: string;
  commentCount: string;
}

export interface YouTubeScenario extends AiProviderScenario {
  /** Every id answers 200 with no items. (The id `notfound000` always does.) */
  notFound?: boolean;
  /** 403 quotaExceeded. */
  quotaExceeded?: boolean;
  /** Omit likeCount and commentCount from statistics. */
  hiddenCounts?: boolean;
  /** Override fields of the returned video. */
  video?: Partial<FakeVideo>;
}

/** The member a token belongs to (what /v2/userinfo answers and the URN posts must be authored by). */
export interface LinkedInMember {
  /** The opaque member id: the person URN is `urn:li:person:<sub>`. */
  sub: string;
  givenName: string;
  familyName: string;
}

/** LinkedIn's OAuth, userinfo, images, posts and comments (linkedin-fake.ts). `error` applies to POST /rest/posts only. */
export interface LinkedInScenario extends BaseScenario {
  /**
   * The next `times` post creations fail with `status`, then they succeed: a retry/backoff test. The
   * count starts again whenever the scenario is set. With `created`, LinkedIn keeps the post before
   * answering the error (the answer was lost on the way back).
   */
  failPosts?: { times: number; status: number; created?: boolean };
  /**
   * The next `times` image upload initialisations (POST /rest/images?action=initializeUpload) fail
   * with `status`, then they succeed: a failure before any post was sent. The count starts again
   * whenever the scenario is set.
   */
  failImages?: { times: number; status: number };
  /**
   * The next `times` document upload initialisations (POST /rest/documents?action=initializeUpload)
   * fail with `status`, then they succeed, as `failImages` does for images.
   */
  failDocuments?: { times: number; status: number };
  /** Holds the bytes of every image or document upload (PUT) this long before answering: a slow upload. */
  uploadLatencyMs?: number;
  /**
   * The next `times` comment creations (POST /rest/socialActions/{urn}/comments) fail with `status`,
   * then they succeed; the count starts again whenever the scenario is set. With `created`, LinkedIn
   * keeps the comment before answering the error (the answer was lost on the way back).
   */
  failComments?: { times: number; status: number; created?: boolean };
  /** Every member post analytics call (GET /rest/memberCreatorPostAnalytics) fails with `status`. */
  failAnalytics?: { status: number };
  /** Every token counts as expired: 401 on /v2/userinfo, /rest/… and uploads. */
  expireTokens?: boolean;
  /** The member refuses consent: the authorization redirect carries `error=user_cancelled_authorize`. */
  authorize?: 'deny';
  /** Lifetime of new access tokens, in seconds (they really expire). Default {@link LINKEDIN_TOKEN_EXPIRES_IN}. */
  tokenExpiresIn?: number;
  /** The member new tokens belong to. Default {@link DEFAULT_LINKEDIN_MEMBER}. */
  member?: Partial<LinkedInMember>;
  /** `Linkedin-Version` values answered with 426 NONEXISTENT_VERSION. Default {@link RETIRED_LINKEDIN_VERSIONS}. */
  retiredVersions?: string[];
}

export interface ScenarioMap {
  groq: GroqScenario;
  anthropic: AnthropicScenario;
  'openai-compatible': OpenAiCompatibleScenario;
  perplexity: PerplexityScenario;
  youtube: YouTubeScenario;
  linkedin: LinkedInScenario;
}

/** One request the fake received (control requests are not recorded). */
export interface RecordedRequest {
  provider: ProviderName | null;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /**
   * The parsed JSON body (or form fields for a form); the raw text if it was not JSON; undefined
   * without a body; `{byteLength}` for an uploaded image, whose bytes are not kept.
   */
  body: unknown;
  receivedAt: string;
}

export const DEFAULT_TOKENS_PER_SECOND = 200;

export const DEFAULT_POST_TEXT = [
  'Three years ago I almost turned down the project that changed my career.',
  '',
  'It looked too small, too messy, and nobody senior wanted it. I said yes anyway, mostly out of curiosity.',
  '',
  'Here is what that decision taught me:',
  '',
  '1. Small problems are where you learn fastest, because nobody is watching and you are free to experiment.',
  '2. Messy projects force you to talk to customers instead of guessing what they need.',
  '3. Saying yes to the unglamorous work builds trust that no title can buy.',
  '',
  'Today that "small" project serves thousands of people every week 🚀',
  '',
  'If you are weighing an opportunity that looks too modest, ask yourself one question: will I learn something here that I cannot learn anywhere else?',
  '',
  'What is the best "small" yes you have ever said?',
  '',
  '#CareerGrowth #Leadership #Learning',
].join('\n');

/**
 * The words the app's carousel request says (src/entities/post/carousel/draft-carousel-slides.ts):
 * a request that holds them is answered with slides as JSON, whatever `text` says (a `replyWhen`
 * rule still wins).
 */
export const CAROUSEL_REQUEST_MARKER = 'Turn the LinkedIn post below into carousel slides';

/** Six slides from {@link DEFAULT_POST_TEXT}, in the JSON the app asks for. */
export const DEFAULT_CAROUSEL_REPLY = JSON.stringify(
  {
    title: 'The small yes that changed my career',
    slides: [
      {
        kind: 'hook',
        heading: 'I almost said no',
        body: 'Three years ago I nearly turned down the project that changed my career.',
      },
      {
        kind: 'idea',
        heading: 'Small problems teach fastest',
        body: 'Nobody is watching, so you are free to experiment.',
      },
      {
        kind: 'idea',
        heading: 'Messy projects need customers',
        body: 'You talk to the people you serve instead of guessing what they need.',
      },
      {
        kind: 'idea',
        heading: 'Unglamorous work builds trust',
        body: 'Saying yes to it earns trust that no title can buy.',
      },
      {
        kind: 'idea',
        heading: 'Ask one question',
        body: 'Will I learn something here that I cannot learn anywhere else?',
      },
      {
        kind: 'closing',
        heading: 'What was your small yes?',
        body: 'Tell me in the comments.',
        callToAction: 'Follow for more career lessons',
      },
    ],
  },
  null,
  1,
);

/** What a carousel request gets while `malformedCarousels` lasts: JSON cut off mid-way. */
export const MALFORMED_CAROUSEL_REPLY =
  '{"title": "The small yes", "slides": [{"heading": "I almost said no", "body": ';

export const DEFAULT_THINKING =
  'The user wants a LinkedIn post. I should open with a hook, share three lessons and end with a question.';

/** Groq models that answer 400 model_decommissioned (mirrors the retired ids in shared/model-catalog.ts). */
export const RETIRED_GROQ_MODELS: readonly string[] = [
  'llama-3.3-70b-versatile',
  'llama-3.1-70b-versatile',
  'llama3-70b-8192',
  'llama-3.1-8b-instant',
  'llama3-8b-8192',
  'mixtral-8x7b-32768',
  'gemma2-9b-it',
  'meta-llama/llama-4-scout-17b-16e-instruct',
  'meta-llama/llama-4-maverick-17b-128e-instruct',
  'deepseek-r1-distill-llama-70b',
  'qwen-qwq-32b',
  'qwen-2.5-32b',
  'qwen/qwen3-32b',
];

/**
 * How a model of the OpenAI-compatible fake writes, by id: `reasoning_content` streams its thinking
 * in `delta.reasoning_content` before the post (vLLM, DeepSeek); `think-tags` starts `content` with
 * `<think>…</think>` (Ollama's deepseek-r1); `no-stream` ignores `stream: true` and answers one
 * JSON chat.completion (a server without streaming). Any other id streams plain content.
 */
export const COMPATIBLE_MODEL_STYLES: Readonly<
  Record<string, 'reasoning_content' | 'think-tags' | 'no-stream'>
> = {
  'qwen3:8b': 'reasoning_content',
  'deepseek-r1:7b': 'think-tags',
  'no-stream-model': 'no-stream',
};

/** What the OpenAI-compatible fake's `/models` lists (and chat accepts) unless the scenario says otherwise. */
export const DEFAULT_COMPATIBLE_MODELS: readonly string[] = [
  'llama3.2:3b',
  ...Object.keys(COMPATIBLE_MODEL_STYLES),
];

/** Error answers that are not OpenAI's JSON, ready for `nonOpenAiError`. */
export const NON_OPENAI_ERRORS = {
  /** nginx in front of a server that is down. */
  proxyHtml: {
    status: 502,
    contentType: 'text/html',
    body: '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.27.0</center>\r\n</body>\r\n</html>\r\n',
  },
  /** vLLM (FastAPI) asked for a path it does not serve, e.g. a base URL without `/v1`. */
  fastApiNotFound: { status: 404, contentType: 'application/json', body: '{"detail":"Not Found"}' },
} as const;

/** Claude models that answer 404 not_found_error. */
export const RETIRED_ANTHROPIC_MODELS: readonly string[] = [
  'claude-3-opus-20240229',
  'claude-3-opus-latest',
  'claude-3-sonnet-20240229',
  'claude-3-5-sonnet-20240620',
  'claude-3-5-sonnet-20241022',
  'claude-3-5-sonnet-latest',
  'claude-3-7-sonnet-20250219',
  'claude-3-7-sonnet-latest',
  'claude-3-haiku-20240307',
  'claude-3-5-haiku-20241022',
  'claude-3-5-haiku-latest',
];

/** The id that is never found, whatever the scenario. */
export const NOT_FOUND_VIDEO_ID = 'notfound000';

export const DEFAULT_VIDEO: FakeVideo = {
  title: 'How to Build a Personal Brand on LinkedIn',
  description:
    'A practical guide to building a personal brand on LinkedIn: choosing your niche, writing posts people read, and turning comments into conversations.',
  channelTitle: 'Career Lab',
  channelId: 'UCfakeCareerLab000000000',
  publishedAt: '2025-03-14T15:00:00Z',
  tags: ['linkedin', 'personal brand', 'career'],
  viewCount: '1234567',
  likeCount: '45678',
  favoriteCount: '0',
  commentCount: '1234',
};

/** 60 days, what LinkedIn gives a member token. */
export const LINKEDIN_TOKEN_EXPIRES_IN = 5_184_000;

export const DEFAULT_LINKEDIN_MEMBER: LinkedInMember = {
  sub: 'yS3Fq2nA7b',
  givenName: 'Ada',
  familyName: 'Lovelace',
};

/** LinkedIn keeps a monthly version about a year; these answer 426 unless the scenario says otherwise. */
export const RETIRED_LINKEDIN_VERSIONS: readonly string[] = ['202401', '202501'];
