import fc from 'fast-check';

/**
 * Generators of hostile input for the property test of every route (modules/hostile-input.test.ts).
 * Each generated piece carries a short `label` naming its input class ("string with \u0000",
 * "10,000-deep array"), so a 5xx can be reported by class instead of by a 100 KB counterexample.
 * Bodies are built as JSON text, not values, so nesting that no JSON.stringify would survive can
 * be sent as it is.
 */
export interface Labelled<T> {
  /** The input class; empty for a well-formed value. */
  label: string;
  value: T;
}

/** The part of a JSON Schema the OpenAPI description uses for our parameters and bodies. */
export interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  multipleOf?: number;
  pattern?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
}

const labelled = <T>(label: string, arbitrary: fc.Arbitrary<T>): fc.Arbitrary<Labelled<T>> =>
  arbitrary.map((value) => ({ label, value }));

const DEPTH = 10_000;
export const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const deepObject = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);

/**
 * One value of each class every field and parameter is tried with on every run (fast-check's
 * `examples`), as JSON text: random combinations alone reach a given field's \u0000 too rarely.
 */
export const representatives: Array<Labelled<string>> = [
  { label: 'string with \\u0000', value: JSON.stringify('a\u0000b') },
  { label: 'string with a lone surrogate', value: JSON.stringify('a\uD800b') },
  { label: 'long string (10,000 chars)', value: JSON.stringify('x'.repeat(10_000)) },
  { label: 'wrong type: number', value: '-1' },
  { label: 'wrong type: array', value: '["a"]' },
];

/** Characters that have broken servers: NUL, lone surrogates, BOM, right-to-left override, … */
const nastyUnit = fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\uFEFF', '\u202E', '\uFFFF', '%00', '\\', '"', "'");
const anyUnit = fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), nastyUnit);

/** Strings no form would send, each with its class. */
const hostileString: fc.Arbitrary<Labelled<string>> = fc.oneof(
  {
    arbitrary: labelled('string with \\u0000', fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}\u0000${b}`)),
    weight: 3,
  },
  {
    arbitrary: labelled(
      'string with a lone surrogate',
      fc.tuple(fc.string(), fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF')).map(([a, s]) => `${a}${s}`),
    ),
    weight: 3,
  },
  labelled('long string (1,000–100,000 chars)', fc.integer({ min: 1_000, max: 100_000 }).map((n) => 'x'.repeat(n))),
  labelled('empty or blank string', fc.constantFrom('', ' ', '\t\n ', '\u00A0')),
  labelled('arbitrary unicode', fc.string({ unit: anyUnit, maxLength: 40 })),
  labelled(
    'injection-looking string',
    fc.constantFrom("' OR 1=1 --", '%00', '%ZZ', '../../etc/passwd', '${7*7}', '<script>x</script>', '__proto__', 'NaN', '-1', '1e309'),
  ),
);

/** JSON text of a value of the wrong type for any field. */
const wrongType: fc.Arbitrary<Labelled<string>> = fc.oneof(
  labelled('wrong type: number', fc.constantFrom(-1, 0, 1.5, 2 ** 53 + 1, -1e308, 1e308).map(String)),
  labelled('wrong type: boolean or null', fc.constantFrom('true', 'false', 'null')),
  labelled('wrong type: array', fc.array(fc.string(), { maxLength: 3 }).map((a) => JSON.stringify(a))),
  labelled('wrong type: object', fc.constantFrom('{}', '{"$gt":""}', '{"toString":1}', '{"__proto__":{"admin":true}}')),
  labelled('10,000-deep nesting as a field', fc.constantFrom(deepArray, deepObject)),
);

/** JSON text of any hostile value: a hostile string or a value of the wrong type. */
const hostileJson: fc.Arbitrary<Labelled<string>> = fc.oneof(
  { arbitrary: hostileString.map(({ label, value }) => ({ label, value: JSON.stringify(value) })), weight: 3 },
  { arbitrary: wrongType, weight: 2 },
);

/** What a well-meaning client could send for `schema`, with known values for names we recognise. */
export function wellFormed(schema: Schema, known: Record<string, string[]>, name = ''): fc.Arbitrary<unknown> {
  const knownValues = known[name];
  if (knownValues && knownValues.length > 0) return fc.constantFrom(...knownValues);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.anyOf && schema.anyOf.length > 0) return fc.oneof(...schema.anyOf.map((s) => wellFormed(s, known, name)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer': {
      const min = Math.max(schema.minimum ?? 0, 0) + (schema.exclusiveMinimum === true ? 1 : 0);
      return fc.integer({ min, max: Math.max(min, Math.min(schema.maximum ?? 1000, 1000)) });
    }
    case 'number':
      return schema.multipleOf === 0.01
        ? fc.integer({ min: 1, max: 100_000 }).map((cents) => cents / 100)
        : fc.double({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 1000, 1e6), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(wellFormed(schema.items ?? {}, known), { maxLength: 3 });
    case 'object':
      return fc.record(
        Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, sub]) => [key, wellFormed(sub, known, key)])),
      );
    default:
      if (schema.format === 'email' || /email/i.test(name)) return fc.emailAddress();
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern), { maxLength: schema.maxLength });
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
  }
}

/** JSON text for one field: well-formed (half the time) or hostile, with the class when hostile. */
function field(schema: Schema, known: Record<string, string[]>, name: string): fc.Arbitrary<Labelled<string>> {
  return fc.oneof(
    wellFormed(schema, known, name).map((value) => ({ label: '', value: JSON.stringify(value) })),
    hostileJson.map(({ label, value }) => ({ label: `${name}: ${label}`, value })),
  );
}

/**
 * A JSON object for `schema`: mostly a well-formed one with exactly one field made hostile (the
 * way a bad value reaches the code behind validation), else a free mix of hostile, missing and
 * extra fields.
 */
function objectBody(schema: Schema, known: Record<string, string[]>): fc.Arbitrary<Labelled<string>> {
  const properties = Object.keys(schema.properties ?? {});
  if (properties.length === 0) return mixedObjectBody(schema, known);
  const oneHostile = fc
    .tuple(wellFormed({ ...schema, type: 'object' }, known) as fc.Arbitrary<Record<string, unknown>>, fc.constantFrom(...properties), hostileJson)
    .map(([base, name, hostile]) => {
      const parts = Object.entries(base)
        .filter(([key]) => key !== name)
        .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
      parts.push(`${JSON.stringify(name)}:${hostile.value}`);
      return { label: `JSON object (${name}: ${hostile.label})`, value: `{${parts.join(',')}}` };
    });
  return fc.oneof({ arbitrary: oneHostile, weight: 2 }, { arbitrary: mixedObjectBody(schema, known), weight: 1 });
}

/** A JSON object for `schema`, with some fields hostile, some missing, and an occasional extra. */
function mixedObjectBody(schema: Schema, known: Record<string, string[]>): fc.Arbitrary<Labelled<string>> {
  const properties = Object.entries(schema.properties ?? {});
  const fields = properties.map(([name, sub]) =>
    fc.option(field(sub, known, name), { freq: 6 }).map((value) => ({ name, value })),
  );
  const extra = fc.option(
    fc.tuple(fc.constantFrom('__proto__', 'constructor', 'role', 'isAdmin', 'status', 'price_cents'), hostileJson),
    { freq: 3 },
  );
  return fc.tuple(fc.tuple(...fields), extra).map(([values, extraField]) => {
    const parts: string[] = [];
    const labels: string[] = [];
    for (const { name, value } of values) {
      if (value === null) {
        if (schema.required?.includes(name)) labels.push(`${name}: missing`);
        continue;
      }
      parts.push(`${JSON.stringify(name)}:${value.value}`);
      if (value.label) labels.push(value.label);
    }
    if (extraField) {
      const [name, value] = extraField;
      parts.push(`${JSON.stringify(name)}:${value.value}`);
      labels.push(`extra field ${name}: ${value.label}`);
    }
    return { label: `JSON object${labels.length ? ` (${labels.join('; ')})` : ''}`, value: `{${parts.join(',')}}` };
  });
}

export interface Body {
  contentType: string | undefined;
  payload: string | undefined;
}

/**
 * A request body for a route whose JSON body is `schema` ({} for a route that takes none). Only
 * what HTTP can carry: `inject` skips Node's parser, which refuses control characters in a header
 * (a NUL content type would be a 500 here and a 400 from Node on the wire), so headers stay valid.
 */
export function hostileBody(schema: Schema, known: Record<string, string[]>): fc.Arbitrary<Labelled<Body>> {
  const json = (label: string, payload: fc.Arbitrary<string>) =>
    labelled(label, payload.map((text): Body => ({ contentType: 'application/json', payload: text })));
  const object = objectBody(schema, known);
  return fc.oneof(
    { arbitrary: object.map(({ label, value }) => ({ label, value: { contentType: 'application/json', payload: value } })), weight: 6 },
    { arbitrary: json('non-object JSON body', fc.constantFrom('"text"', '42', '-0', 'null', 'true', '[]', '[null]')), weight: 1 },
    {
      arbitrary: fc.array(object, { minLength: 1, maxLength: 3 }).map((items) => ({
        label: `JSON array where an object is expected [${items.map((item) => item.label).join(', ')}]`,
        value: { contentType: 'application/json', payload: `[${items.map((item) => item.value).join(',')}]` },
      })),
      weight: 1,
    },
    { arbitrary: json('10,000-deep JSON body', fc.constantFrom(deepArray, deepObject)), weight: 1 },
    { arbitrary: json('malformed JSON body', fc.constantFrom('{', '{"a":}', '\u0000', '', '{"a":1}{"b":2}', '\uFEFF{}')), weight: 1 },
    {
      arbitrary: fc
        .oneof(object.map((o) => o.value), hostileString.map((s) => s.value))
        .map((text) => ({ label: 'text/plain body', value: { contentType: 'text/plain', payload: text } })),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom<Body>(
        { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
        { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\n\r\n--x--' },
        { contentType: 'application/json; charset=utf-16', payload: '{}' },
        { contentType: 'application/vnd.api+json', payload: '{}' },
      ).map((value) => ({ label: `odd content type ${JSON.stringify(value.contentType)}`, value })),
      weight: 1,
    },
    { arbitrary: fc.constant({ label: 'no body', value: { contentType: undefined, payload: undefined } }), weight: 1 },
  );
}

/**
 * One path segment, already in URL form: a known good value (encoded) or a hostile one. Lone
 * surrogates cannot be percent-encoded as UTF-8, so they go as the bytes a careless client sends.
 */
export function hostileSegment(known: string[], kind: 'email' | 'id'): fc.Arbitrary<Labelled<string>> {
  const good = fc.constantFrom(...known).map((value) => ({ label: '', value: encodeSegment(value) }));
  const emails = labelled(
    'odd e-mail',
    fc.constantFrom(
      `${known[0] ?? 'a@example.com'}\u0000`,
      `a\u0000b@example.com`,
      `${'a'.repeat(300)}@example.com`,
      `${'a'.repeat(64)}@${'b'.repeat(250)}.com`,
      (known[0] ?? 'a@example.com').toUpperCase(),
      'a\uD800@example.com',
      '@',
      ' ',
      'a@b',
    ),
  ).map(({ label, value }) => ({ label, value: encodeSegment(value) }));
  const encoded = hostileString.map(({ label, value }) => ({ label, value: encodeSegment(value) }));
  const raw = labelled(
    'percent-encoded junk',
    fc.constantFrom('%', '%ZZ', '%E0%A4%A', '%C0%AF', '%00', '%ED%A0%80', '..%2F..%2F', '%2e%2e', '%FF%FE', '%u0000'),
  );
  return fc.oneof(
    { arbitrary: good, weight: 3 },
    { arbitrary: kind === 'email' ? emails : fc.uuid().map((value) => ({ label: 'unknown uuid', value })), weight: 2 },
    { arbitrary: encoded, weight: 2 },
    { arbitrary: raw, weight: 1 },
  );
}

/** A query string for the route's declared parameters, plus junk parameters now and then. */
export function hostileQuery(
  parameters: Array<{ name: string; schema: Schema }>,
  known: Record<string, string[]>,
): fc.Arbitrary<Labelled<string>> {
  const declared = parameters.map(({ name, schema }) =>
    fc
      .option(
        fc.oneof(
          wellFormed(schema, known, name).map((value) => ({ label: '', value: encodeSegment(String(value)) })),
          hostileString.map(({ label, value }) => ({ label: `${name}: ${label}`, value: encodeSegment(value) })),
          labelled(`${name}: repeated or bracketed`, fc.constant('1&' + `${name}=2&${name}[]=3`)),
        ),
        { freq: 4 },
      )
      .map((value) => ({ name, value })),
  );
  const junk = fc.option(
    labelled(
      'junk query parameters',
      fc.constantFrom('__proto__[x]=1', 'constructor[prototype][x]=1', '%ZZ=1', 'a=%ED%A0%80', `x=${'y'.repeat(10_000)}`, 'a[b][c][d][e]=1', '&&&=', 'page=1e309'),
    ),
    { freq: 4 },
  );
  return fc.tuple(fc.tuple(...declared), junk).map(([values, extra]) => {
    const parts: string[] = [];
    const labels: string[] = [];
    for (const { name, value } of values) {
      if (value === null) continue;
      parts.push(`${name}=${value.value}`);
      if (value.label) labels.push(value.label);
    }
    if (extra) {
      parts.push(extra.value);
      labels.push(extra.label);
    }
    return { label: labels.join('; '), value: parts.length ? `?${parts.join('&')}` : '' };
  });
}

/** encodeURIComponent, except that a lone surrogate goes as its (invalid) UTF-8 bytes. */
export function encodeSegment(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
