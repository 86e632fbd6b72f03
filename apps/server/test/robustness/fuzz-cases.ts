/**
 * Bad inputs for the documented operations, generated from their OpenAPI schemas: bounded per operation so the
 * sweep stays quick, broad enough to reach every kind of refusal (router, parser, validation, service, database).
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

const LONG = 'x'.repeat(100_000);
const MARKUP = '<script>alert(1)</script><img src=x onerror=alert(1)>';
/** Past PostgreSQL's bigint (9223372036854775807). */
const BEYOND_BIGINT = '9999999999999999999';

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  return schema.type;
}

function firstAlternative(schema: JsonSchema): JsonSchema | undefined {
  const list = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  return list?.find((s) => s.type !== 'null');
}

/** A plausible value for a schema: enough to get past the parser so a single bad field is what gets refused. */
export function sampleValue(schema: JsonSchema, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const alternative = firstAlternative(schema);
  if (alternative) return sampleValue(alternative, depth);
  switch (typeOf(schema)) {
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.test';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return depth < 3 && schema.items ? [sampleValue(schema.items, depth + 1)] : [];
    case 'object':
    case undefined: {
      if (!schema.properties || depth >= 3) return {};
      return Object.fromEntries(
        Object.entries(schema.properties).map(([name, s]) => [name, sampleValue(s, depth + 1)]),
      );
    }
    default:
      return null;
  }
}

export function badPathValues(): [string, string][] {
  return [
    ['beyond bigint', BEYOND_BIGINT],
    ['negative', '-1'],
    ['zero', '0'],
    ['fraction', '1.5'],
    ['non-numeric', 'abc'],
    ['NUL', '%00'],
    ['NUL inside', 'a%00b'],
    ['markup', encodeURIComponent(MARKUP)],
    ['100,000 characters', LONG],
    ['broken percent-encoding', '%E0%A4%A'],
    ['dot segments', '..%2F..%2Fetc%2Fpasswd'],
  ];
}

export function badQueryValues(name: string): [string, string][] {
  const q = encodeURIComponent(name);
  return [
    ['beyond bigint', `${q}=${BEYOND_BIGINT}`],
    ['negative', `${q}=-1`],
    ['non-numeric', `${q}=abc`],
    ['NUL', `${q}=%00`],
    ['markup', `${q}=${encodeURIComponent(MARKUP)}`],
    ['100,000 characters', `${q}=${LONG}`],
    ['repeated (an array)', `${q}=1&${q}=2`],
    ['broken percent-encoding', `${q}=%E0%A4%A`],
  ];
}

/** Wrong-typed stand-ins for a value of the schema's type. */
function wrongTypes(schema: JsonSchema): [string, unknown][] {
  switch (typeOf(schema) ?? typeOf(firstAlternative(schema) ?? {})) {
    case 'string':
      return [
        ['a number for a string', 12345],
        ['an object for a string', { a: 'b' }],
      ];
    case 'integer':
    case 'number':
      return [
        ['a string for a number', 'abc'],
        ['beyond bigint', 1e19],
        ['negative', -1],
        ['a fraction', 1.5],
      ];
    case 'boolean':
      return [['a string for a boolean', 'yes']];
    case 'array':
      return [
        ['an object for an array', { a: 1 }],
        ['a NUL string in an array', ['\u0000']],
      ];
    default:
      return [
        ['an array for an object', [1, 2]],
        ['a string for an object', 'abc'],
      ];
  }
}

/** The fields to spoil one at a time: top-level ones and those of nested objects, capped per operation. */
function fieldPaths(schema: JsonSchema, prefix: string[] = [], depth = 0): { path: string[]; schema: JsonSchema }[] {
  const target = firstAlternative(schema) ?? schema;
  if (!target.properties || depth > 1) return [];
  return Object.entries(target.properties).flatMap(([name, s]) => [
    { path: [...prefix, name], schema: s },
    ...fieldPaths(s, [...prefix, name], depth + 1),
  ]);
}

function withField(base: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const child = node[key];
    node[key] = typeof child === 'object' && child !== null && !Array.isArray(child) ? child : {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1] as string] = value;
  return copy;
}

/** [label, payload, content type] */
export function badBodies(schema: JsonSchema, contentType: string): [string, string, string][] {
  const base = sampleValue(schema);
  const json = 'application/json';
  const out: [string, string, string][] = [];
  for (const { path, schema: field } of fieldPaths(schema).slice(0, 30)) {
    const label = path.join('.');
    const values: [string, unknown][] = [
      ['NUL', 'a\u0000b'],
      ['100,000 characters', LONG],
      ['markup', MARKUP],
      ['null', null],
      ...wrongTypes(field),
    ];
    for (const [what, value] of values) {
      out.push([`${label} ${what}`, JSON.stringify(withField(base, path, value)), json]);
    }
    // The field alone too: partial updates take it as it is, so a generated neighbour the rules refuse cannot
    // hide what the bad value alone would do.
    for (const [what, value] of values.slice(0, 3)) {
      out.push([`${label} alone ${what}`, JSON.stringify(withField({}, path, value)), json]);
    }
  }
  out.push(
    ['an array for the body', '[1,2]', json],
    ['null for the body', 'null', json],
    ['a string for the body', '"abc"', json],
    ['broken JSON', '{"a":', json],
    ['a NUL key', '{"\\u0000":1}', json],
    ['a prototype key', '{"__proto__":{"polluted":true}}', json],
    ['a 3 MB body', JSON.stringify({ ...(base as object), padding: 'x'.repeat(3 * 1024 * 1024) }), json],
    ['an empty JSON body', '', json],
    ['plain text', 'hello', 'text/plain'],
    ['an unknown content type', 'hello', 'application/x-fuzz'],
    ['a broken form body', 'a=%E0%A4%A&b=%00', 'application/x-www-form-urlencoded'],
  );
  if (contentType !== json) out.push(['its own content type, NUL inside', 'a\u0000b', contentType]);
  return out;
}
