// HTTP/2 responses carry no reason phrase, so `statusText` is empty there (Deno, or a provider on h2).
const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  529: 'Overloaded',
};

/** The response's reason phrase, or the standard one for its status when the transport had none. */
export function statusTextOf(response: Response): string {
  return response.statusText || reasonPhrases[response.status] || '';
}
