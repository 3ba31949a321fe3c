/**
 * The project as the /api functions reach it with the secret key (service_role): the publishing
 * functions in Postgres (/rest/v1/rpc, supabase/migrations/20261127000000…) and the images and
 * carousel PDFs in Storage. Under Node the embedded server routes these in-process; on hosted they go to the project.
 */
export interface ServiceBackend {
  supabaseUrl: string;
  secretKey: string;
  fetch: typeof fetch;
}

export class ServiceError extends Error {
  override name = 'ServiceError';
}

/** A file read from Storage. */
export interface StoredFile {
  bytes: ArrayBuffer;
  contentType: string;
}

export function serviceClient(backend: ServiceBackend) {
  const headers = { apikey: backend.secretKey, authorization: `Bearer ${backend.secretKey}` };

  async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
    const response = await backend.fetch(`${backend.supabaseUrl}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    const text = await response.text();
    if (!response.ok) throw new ServiceError(`${name} answered ${response.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /** An object of a bucket, as bytes with its type; `what` names it in the error. */
  async function download(bucket: string, path: string, what: string): Promise<StoredFile> {
    const objectPath = path.split('/').map(encodeURIComponent).join('/');
    const response = await backend.fetch(
      `${backend.supabaseUrl}/storage/v1/object/authenticated/${bucket}/${objectPath}`,
      { headers },
    );
    if (!response.ok) throw new ServiceError(`The post's ${what} could not be read (${response.status}).`);
    return {
      bytes: await response.arrayBuffer(),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  return {
    rpc,
    /** An object of the post-images bucket, as bytes with its type. */
    downloadImage: (path: string) => download('post-images', path, 'image'),
    /** A carousel's PDF in the post-carousels bucket. */
    downloadCarousel: (path: string) => download('post-carousels', path, 'carousel PDF'),
  };
}

export type ServiceClient = ReturnType<typeof serviceClient>;
