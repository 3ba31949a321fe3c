import type { AiEngine, ModelCatalog } from '@shared/model-catalog';
import { AiRequestError } from '@/lib/ai/ai-error';
import { complete } from '@/lib/ai/complete';
import { visiblePostText } from '@/lib/ai/think-filter';
import { messages } from '@/config/messages';
import { currentAccessToken } from '@/lib/supabase/client';
import { maxAltTextLength } from '@/entities/post/image/image-attachment';

export interface AltTextRequest {
  post: string;
  engine: AiEngine;
  model: string;
  catalog: ModelCatalog;
  apiBaseUrl: string;
}

/**
 * A first draft of the image's alt text, written from the post (the models here do not see the
 * image): one plain sentence the author then corrects to say what the picture really shows.
 */
export async function draftAltText(request: AltTextRequest): Promise<string> {
  const accessToken = await currentAccessToken();
  if (!accessToken) throw new AiRequestError(messages.session_expired, 401);
  const raw = await complete(
    {
      catalog: request.catalog,
      engine: request.engine,
      model: request.model,
      system:
        'You write alt text for the single image of a LinkedIn post. You cannot see the image: infer from ' +
        'the post what it most likely shows. Answer with one plain sentence of at most 200 characters, ' +
        'no quotes, no hashtags, not starting with "Image of" or "Picture of".',
      turns: [{ role: 'user', content: `The post:\n\n${request.post}` }],
      maxTokens: 200,
      temperature: 0.4,
    },
    { apiBaseUrl: request.apiBaseUrl, accessToken },
  );
  const text = visiblePostText(raw)
    .trim()
    .replace(/^["“']+|["”']+$/g, '')
    .slice(0, maxAltTextLength);
  if (text === '')
    throw new AiRequestError('The AI returned no alt text. Please try again or write your own.');
  return text;
}
