/** An AI call that failed, with the message the user sees (docs/product.md §15 "Generation and research errors"). */
export class AiRequestError extends Error {
  override name = 'AiRequestError';
  readonly status: number | null;

  constructor(message: string, status: number | null = null) {
    super(message);
    this.status = status;
  }
}
