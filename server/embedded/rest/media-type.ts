import { PostgrestError } from './postgrest-error.ts';

/** The JSON shapes this server produces, chosen from the Accept header (PostgREST's negotiateContent). */
export interface ResponseMedia {
  /** `object`: application/vnd.pgrst.object+json, one row as an object (406 PGRST116 otherwise). */
  shape: 'array' | 'object';
  stripNulls: boolean;
  contentType: string;
}

const json: ResponseMedia = {
  shape: 'array',
  stripNulls: false,
  contentType: 'application/json; charset=utf-8',
};

interface Accepted {
  mime: string;
  media: ResponseMedia | null;
  quality: number;
}

/**
 * Picks the first acceptable media type by quality, as PostgREST does. Those it would serve and this
 * server cannot (text/csv, application/geo+json, the plan media type, …) are skipped, so asking only
 * for them is a 406 (PGRST107) rather than JSON the client did not ask for.
 */
export function negotiateMedia(accept: string | undefined): ResponseMedia {
  if (!accept?.trim()) return json;
  const accepted = accept
    .split(',')
    .map(parseMediaRange)
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality);
  const chosen = accepted.find((entry) => entry.media !== null);
  if (chosen?.media) return chosen.media;
  throw new PostgrestError(
    406,
    'PGRST107',
    `None of these media types are available: ${accepted.map((entry) => entry.mime).join(', ')}`,
  );
}

function parseMediaRange(range: string): Accepted {
  const [type = '', ...parameterTexts] = range.split(';').map((part) => part.trim());
  const parameters = new Map(
    parameterTexts.map((text) => {
      const [key = '', value = ''] = text.split('=').map((part) => part.trim());
      return [key.toLowerCase(), value.replace(/^"(.*)"$/, '$1')] as const;
    }),
  );
  const quality = parameters.has('q') ? Number(parameters.get('q')) : 1;
  const strip = parameters.get('nulls') === 'stripped';
  const mime = type.toLowerCase();
  let media: ResponseMedia | null = null;
  if (mime === '*/*' || mime === 'application/json') media = json;
  else if (mime === 'application/vnd.pgrst.object+json' || mime === 'application/vnd.pgrst.object') {
    const contentType = `application/vnd.pgrst.object+json${strip ? ';nulls=stripped' : ''}; charset=utf-8`;
    media = { shape: 'object', stripNulls: strip, contentType };
  } else if (mime === 'application/vnd.pgrst.array+json' || mime === 'application/vnd.pgrst.array') {
    media = strip
      ? {
          shape: 'array',
          stripNulls: true,
          contentType: 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8',
        }
      : json;
  }
  const shown =
    media?.shape === 'object' || media?.stripNulls ? media.contentType.replace('; charset=utf-8', '') : type;
  return { mime: shown, media, quality: Number.isFinite(quality) ? quality : 1 };
}
