/** Collects bound parameter values; user text only ever reaches SQL as `$n`. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Quotes an identifier that has already been checked against the catalog. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A Postgres array literal of text elements, every element quoted and escaped. */
export function toArrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}
