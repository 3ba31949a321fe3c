import { httpStatusText } from '../../shared/http-status-text.ts';

/**
 * The response's reason phrase, or the standard one for its status when the transport had none
 * (HTTP/2 responses carry no reason phrase: Deno, or a provider on h2).
 */
export function statusTextOf(response: Response): string {
  return response.statusText || httpStatusText(response.status);
}
