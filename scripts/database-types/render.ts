import type {
  ColumnFacts,
  FunctionArgFacts,
  FunctionFacts,
  RelationFacts,
  RelationshipFacts,
  SchemaFacts,
  TypeFacts,
} from './introspect.ts';

/**
 * Writes the TypeScript that `supabase gen types typescript` writes for one schema (postgres-meta's
 * typescript template, with one-to-one relationships detected as the CLI asks): the `Json` type,
 * `Database` with the schema's Tables, Views, Functions, Enums and CompositeTypes, and the helper
 * types `Tables<>`, `TablesInsert<>`, `TablesUpdate<>`, `Enums<>`, `CompositeTypes<>` and
 * `Constants`. The same names, order and type mapping, so a file regenerated with the CLI differs
 * from this one by formatting only. Unformatted: the caller runs prettier on it.
 *
 * Not covered, as the schema has no views: the relationships PostgREST infers through a view from
 * the foreign keys of the tables it reads (postgres-meta's views_key_dependencies). A view here gets
 * none, and tables get only those to other tables; `introspectSchema`'s caller warns when a view exists.
 */
export function renderDatabaseTypes(facts: SchemaFacts): string {
  const { schema } = facts;
  const byName =
    <T>(name: (item: T) => string) =>
    (a: T, b: T) =>
      name(a).localeCompare(name(b));
  const typesById = new Map(facts.types.map((type) => [type.id, type]));
  const relationTypes = new Map(
    facts.types.filter((type) => type.typeRelationId).map((type) => [type.id, type]),
  );
  const relationsById = new Map(facts.relations.map((relation) => [relation.id, relation]));
  const tables = facts.relations
    .filter((relation) => ['r', 'p', 'f'].includes(relation.kind))
    .sort(byName((r) => r.name));
  const views = facts.relations
    .filter((relation) => ['v', 'm'].includes(relation.kind))
    .sort(byName((r) => r.name));
  const columnsOf = new Map<number, ColumnFacts[]>(facts.relations.map((relation) => [relation.id, []]));
  for (const column of facts.columns) columnsOf.get(column.relationId)?.push(column);
  for (const columns of columnsOf.values()) columns.sort(byName((column) => column.name));
  const relationships = [...facts.relationships]
    .filter((relationship) => relationship.referencedSchema === schema)
    .sort(
      (a, b) =>
        a.foreignKeyName.localeCompare(b.foreignKeyName) ||
        a.referencedRelation.localeCompare(b.referencedRelation) ||
        JSON.stringify(a.referencedColumns).localeCompare(JSON.stringify(b.referencedColumns)),
    );
  const enums = facts.types
    .filter((type) => type.schema === schema && type.enums.length > 0)
    .sort(byName((t) => t.name));
  const composites = facts.types
    .filter((type) => type.schema === schema && type.attributes.length > 0)
    .sort(byName((t) => t.name));
  const q = (value: string) => JSON.stringify(value);

  /** The TypeScript type of a PostgreSQL type, by its name (`int8`, `_text`, `mood`, `posts`). */
  function tsType(pgType: string): string {
    if (pgType === 'bool') return 'boolean';
    if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'].includes(pgType)) return 'number';
    if (
      [
        'bytea',
        'bpchar',
        'varchar',
        'date',
        'text',
        'citext',
        'time',
        'timetz',
        'timestamp',
        'timestamptz',
        'uuid',
        'vector',
        'interval',
      ].includes(pgType)
    )
      return 'string';
    if (pgType === 'json' || pgType === 'jsonb') return 'Json';
    if (pgType === 'void') return 'undefined';
    if (pgType === 'record') return 'Record<string, unknown>';
    if (pgType.startsWith('_')) return `(${tsType(pgType.slice(1))})[]`;
    const pick = (candidates: TypeFacts[]) =>
      candidates.find((type) => type.schema === schema) ?? candidates[0];
    const anEnum = pick(facts.types.filter((type) => type.name === pgType && type.enums.length > 0));
    if (anEnum) {
      return anEnum.schema === schema
        ? `Database[${q(schema)}]['Enums'][${q(anEnum.name)}]`
        : anEnum.enums.map(q).join('|');
    }
    const composite = pick(facts.types.filter((type) => type.name === pgType && type.attributes.length > 0));
    if (composite) {
      return composite.schema === schema
        ? `Database[${q(schema)}]['CompositeTypes'][${q(composite.name)}]`
        : 'unknown';
    }
    if (tables.some((table) => table.name === pgType))
      return `Database[${q(schema)}]['Tables'][${q(pgType)}]['Row']`;
    if (views.some((view) => view.name === pgType))
      return `Database[${q(schema)}]['Views'][${q(pgType)}]['Row']`;
    return 'unknown';
  }
  const tsTypeOfId = (typeId: number) => {
    const type = typesById.get(typeId);
    return type ? tsType(type.name) : 'unknown';
  };
  const orNull = (type: string, nullable: boolean) =>
    nullable && type !== 'unknown' && type !== 'any' ? `${type} | null` : type;
  const field = (name: string, type: string, { nullable = false, optional = false } = {}) =>
    `${q(name)}${optional ? '?' : ''}: ${orNull(type, nullable)}`;
  const columnField = (column: ColumnFacts, options: { nullable?: boolean; optional?: boolean } = {}) =>
    field(column.name, tsType(column.format), { nullable: column.isNullable, ...options });

  // Functions, as postgres-meta keeps them: those PostgREST can call with named arguments, or with a
  // single unnamed json/jsonb/text argument, or a row of a table (computed fields).
  const unnamedArgTypes = new Set(['json', 'jsonb', 'text']);
  const isUnnamedArgType = (typeId: number) => unnamedArgTypes.has(typesById.get(typeId)?.name ?? '');
  const isInput = (arg: FunctionArgFacts) =>
    arg.mode === 'in' || arg.mode === 'inout' || arg.mode === 'variadic';
  const relationNameOf = (relationId: number | null, typeId: number | null): string | null => {
    if (!relationId) return null;
    const relation = relationsById.get(relationId);
    if (relation) return relation.name;
    return (typeId ? relationTypes.get(typeId)?.name : null) ?? null;
  };
  const functions = facts.functions
    .map((fn) => ({ ...fn, args: [...fn.args].sort(byName((arg) => arg.name)) }))
    .map((fn) => ({ fn, inArgs: fn.args.filter(isInput) }))
    .filter(({ inArgs }) => {
      const [only] = inArgs;
      return (
        inArgs.length === 0 ||
        inArgs.every((arg) => arg.name !== '' || (arg.hasDefault && isUnnamedArgType(arg.typeId))) ||
        (inArgs.length === 1 &&
          only !== undefined &&
          only.name === '' &&
          (isUnnamedArgType(only.typeId) || relationTypes.has(only.typeId)))
      );
    })
    .sort(byName(({ fn }) => fn.name));
  type Fn = (typeof functions)[number];

  function returnType(fn: FunctionFacts): string {
    const tableColumns = fn.args.filter((arg) => arg.mode === 'table');
    if (tableColumns.length > 0) {
      return `{\n${tableColumns.map((arg) => field(arg.name, tsTypeOfId(arg.typeId))).join(',\n')} }`;
    }
    const relation = [...tables, ...views].find((candidate) => candidate.id === fn.returnTypeRelationId);
    if (relation)
      return `{\n${(columnsOf.get(relation.id) ?? []).map((column) => columnField(column)).join(',\n')} }`;
    return tsTypeOfId(fn.returnTypeId);
  }

  function setofOptions(fn: FunctionFacts): string {
    const target = relationNameOf(fn.returnTypeRelationId, fn.returnTypeId);
    const manyRows = fn.rows !== null && fn.rows > 1;
    let options: { from: string; to: string; isOneToOne: boolean; isSetofReturn: boolean } | null = target
      ? { from: '*', to: target, isOneToOne: !manyRows, isSetofReturn: fn.isSetReturning }
      : null;
    const [onlyArg] = fn.args;
    const source = fn.args.length === 1 && onlyArg ? relationTypes.get(onlyArg.typeId) : undefined;
    if (source && target) {
      const setOfTable = fn.isSetReturning && fn.returnTypeRelationId !== null;
      options = setOfTable
        ? { from: source.format, to: target, isOneToOne: !manyRows, isSetofReturn: true }
        : { from: source.format, to: target, isOneToOne: true, isSetofReturn: false };
    }
    const collapsed = !manyRows && target !== null;
    const returns = `${returnType(fn)}${fn.isSetReturning && !collapsed ? '[]' : ''}`;
    if (!options) return returns;
    return `${returns}
      SetofOptions: {
        from: ${q(options.from)}
        to: ${q(options.to)}
        isOneToOne: ${options.isOneToOne}
        isSetofReturn: ${options.isSetofReturn}
      }`;
  }

  /** PostgREST cannot choose between some overloads; the CLI types their calls as errors. */
  function conflict(group: Fn[], { fn, inArgs }: Fn): string | null {
    if (group.length <= 1) return null;
    const [only] = inArgs;
    if (inArgs.length === 0) {
      const other = group.find(
        (entry) =>
          entry.fn !== fn &&
          entry.inArgs.length === 1 &&
          entry.inArgs[0]?.name === '' &&
          entry.inArgs[0].hasDefault,
      );
      if (other) {
        const returns = typesById.get(other.fn.returnTypeId)?.name ?? 'unknown';
        return `Could not choose the best candidate function between: ${schema}.${fn.name}(), ${schema}.${fn.name}( => ${returns}). Try renaming the parameters or the function itself in the database so function overloading can be resolved`;
      }
    }
    if (only && inArgs.length === 1 && only.name !== '') {
      const others = group.filter(
        (entry) =>
          entry.fn !== fn &&
          entry.inArgs.length === 1 &&
          entry.inArgs[0]?.name === only.name &&
          entry.inArgs[0].typeId !== only.typeId,
      );
      if (others.length > 0) {
        const list = [{ fn, inArgs }, ...others]
          .sort((a, b) => (a.inArgs[0]?.typeId ?? 0) - (b.inArgs[0]?.typeId ?? 0))
          .map(
            (entry) =>
              `${schema}.${fn.name}(${entry.inArgs.map((arg) => `${arg.name} => ${typesById.get(arg.typeId)?.name ?? 'unknown'}`).join(', ')})`,
          )
          .join(', ');
        return `Could not choose the best candidate function between: ${list}. Try renaming the parameters or the function itself in the database so function overloading can be resolved`;
      }
    }
    return null;
  }

  function signatures(group: Fn[]): string {
    return group
      .map((entry) => {
        const { fn, inArgs } = entry;
        const args =
          inArgs.length === 0
            ? 'never'
            : `{ ${inArgs.map((arg) => field(arg.name, tsTypeOfId(arg.typeId), { optional: arg.hasDefault })).join(',')} }`;
        const [only] = inArgs;
        const error = conflict(group, entry);
        let returns: string;
        if (error) returns = `{ error: true } & ${q(error)}`;
        else if (
          only &&
          inArgs.length === 1 &&
          only.name === '' &&
          relationTypes.has(only.typeId) &&
          !relationNameOf(fn.returnTypeRelationId, fn.returnTypeId)
        )
          returns = `{ error: true } & ${q(`the function ${schema}.${fn.name} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`)}`;
        else returns = setofOptions(fn);
        return `{ Args: ${args}; Returns: ${returns} }`;
      })
      .join(' |\n');
  }

  const computedFields = (relation: RelationFacts) =>
    functions
      .filter(({ fn }) => fn.argumentTypes === relation.name)
      .map(({ fn }) => field(fn.name, returnType(fn), { nullable: true }));
  const relationshipsOf = (relation: RelationFacts) =>
    `[${relationships
      .filter((relationship) => relationship.relation === relation.name)
      .map(renderRelationship)
      .join(',\n')}]`;
  const none = '[_ in never]: never';
  const block = (entries: string[]) => (entries.length === 0 ? none : entries.join('\n'));

  const renderTable = (table: RelationFacts) => {
    const columns = columnsOf.get(table.id) ?? [];
    const writable = (column: ColumnFacts, optional: (column: ColumnFacts) => boolean) =>
      column.identity === 'ALWAYS'
        ? `${q(column.name)}?: never`
        : columnField(column, { optional: optional(column) });
    return `${q(table.name)}: {
      Row: {\n${[...columns.map((column) => columnField(column)), ...computedFields(table)].join('\n')} }
      Insert: {\n${columns.map((column) => writable(column, (c) => c.isNullable || c.identity !== null || c.hasDefault)).join('\n')} }
      Update: {\n${columns.map((column) => writable(column, () => true)).join('\n')} }
      Relationships: ${relationshipsOf(table)}
    }`;
  };
  const renderView = (view: RelationFacts) => {
    const columns = columnsOf.get(view.id) ?? [];
    const writable = (column: ColumnFacts) =>
      column.isUpdatable
        ? columnField(column, { nullable: true, optional: true })
        : `${q(column.name)}?: never`;
    const writes = view.kind === 'v' && view.isUpdatable;
    return `${q(view.name)}: {
      Row: {\n${[...columns.map((column) => columnField(column)), ...computedFields(view)].join('\n')} }
      ${writes ? `Insert: {\n${columns.map(writable).join('\n')} }\nUpdate: {\n${columns.map(writable).join('\n')} }\n` : ''}Relationships: ${relationshipsOf(view)}
    }`;
  };
  const groups = new Map<string, Fn[]>();
  for (const entry of functions) groups.set(entry.fn.name, [...(groups.get(entry.fn.name) ?? []), entry]);
  for (const group of groups.values()) {
    group.sort(
      (a, b) =>
        a.fn.argumentTypes.localeCompare(b.fn.argumentTypes) ||
        a.fn.returnType.localeCompare(b.fn.returnType),
    );
  }

  return `export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  ${q(schema)}: {
    Tables: {\n${block(tables.map(renderTable))} }
    Views: {\n${block(views.map(renderView))} }
    Functions: {\n${block([...groups].map(([name, group]) => `${q(name)}:\n${signatures(group)}`))} }
    Enums: {\n${block(enums.map((type) => `${q(type.name)}: ${type.enums.map(q).join('|')}`))} }
    CompositeTypes: {\n${block(
      composites.map(
        (type) =>
          `${q(type.name)}: {\n${type.attributes
            .map((attribute) => `${q(attribute.name)}: ${orNull(tsTypeOfId(attribute.typeId), true)}`)
            .join('\n')} }`,
      ),
    )} }
  }
}

${helperTypes(schema)}

export const Constants = {
  ${q(schema)}: {
    Enums: {\n${enums.map((type) => `${q(type.name)}: [${type.enums.map(q).join(', ')}]`).join(',\n')} },
  },
} as const
`;
}

function renderRelationship(relationship: RelationshipFacts): string {
  return `{
    foreignKeyName: ${JSON.stringify(relationship.foreignKeyName)}
    columns: ${JSON.stringify(relationship.columns)}
    isOneToOne: ${relationship.isOneToOne}
    referencedRelation: ${JSON.stringify(relationship.referencedRelation)}
    referencedColumns: ${JSON.stringify(relationship.referencedColumns)}
  }`;
}

/** The helper types the CLI appends to every file, word for word (their shape is the format). */
function helperTypes(defaultSchema: string): string {
  return `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, ${JSON.stringify(defaultSchema)}>]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
  ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
      Row: infer R
    }
    ? R
    : never
  : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Insert: infer I
    }
    ? I
    : never
  : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Update: infer U
    }
    ? U
    : never
  : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
  ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
  : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
  ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
  : never`;
}
