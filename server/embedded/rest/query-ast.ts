/** The parsed form of a PostgREST query string; identifiers are still unchecked user text here. */

export type ComparisonOperator =
  'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch' | 'isdistinct';
export type ArrayOperator = 'cs' | 'cd' | 'ov';
export type TextSearchOperator = 'fts' | 'plfts' | 'phfts' | 'wfts';
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Condition =
  | { kind: 'compare'; column: string; negated: boolean; operator: ComparisonOperator; value: string }
  | {
      kind: 'quantified';
      column: string;
      negated: boolean;
      operator: ComparisonOperator;
      quantifier: 'any' | 'all';
      values: string[];
    }
  | { kind: 'in'; column: string; negated: boolean; values: string[] }
  | { kind: 'is'; column: string; negated: boolean; value: IsValue }
  | { kind: 'array'; column: string; negated: boolean; operator: ArrayOperator; value: string }
  | {
      kind: 'text_search';
      column: string;
      negated: boolean;
      operator: TextSearchOperator;
      language: string | null;
      value: string;
    };

export type FilterNode =
  Condition | { kind: 'logic'; operator: 'and' | 'or'; negated: boolean; children: FilterNode[] };

export interface SelectItem {
  column: string;
  alias: string | null;
  cast: string | null;
}

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc';
  nulls: 'first' | 'last' | null;
}

export interface ParsedQuery {
  /** null means `*` (also when select is absent). */
  select: SelectItem[] | null;
  /** Top-level filters are AND-ed, as in PostgREST. */
  filters: FilterNode[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
  onConflict: string[] | null;
  columns: string[] | null;
  /** GET/HEAD on /rpc only: function arguments from the query string, in order (keys may repeat). */
  args: [string, string][];
}
