import type { AnyRoute } from '@querent/contracts';
import { listPathParams, parseRouteKey } from '@querent/contracts';
import type { FuzzContext } from './fuzz-values.ts';
import { jsonSchemaOf, junkValue, oddString, valueFromSchema } from './fuzz-values.ts';

/** One malformed (or nearly sound) request, and a word on what it tries. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  note: string;
}

const invalidJson = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '{"a":1,}',
  '\uFEFF{"a":1}',
  '{"a":"\\x00"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '[]',
  '"text"',
  '42',
  'null',
  '['.repeat(100_000),
];

const wrongTypes = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/JSON',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'json',
  ';;;',
];

/** A URL part; a lone surrogate, which cannot be percent-encoded, becomes U+FFFD. */
function encode(text: string): string {
  return encodeURIComponent(text.toWellFormed());
}

/** Multipart bodies, sound and broken, with the content type each is sent under. */
function multipartBody(context: FuzzContext): { type: string; body: string } {
  const { random } = context;
  const part = (headers: string, content: string) => `--XX\r\n${headers}\r\n\r\n${content}\r\n`;
  const file = (name: string, content: string) =>
    part(`Content-Disposition: form-data; name="file"; filename="${name}"`, content);
  const field = (name: string, value: string) =>
    part(`Content-Disposition: form-data; name="${name}"`, value);
  const name = random.pick([
    'a.csv',
    'b.json',
    'c.tsv',
    'd.parquet',
    'e.xlsx',
    'f.exe',
    '',
    '../../x.csv',
    'é 🦆.csv',
  ]);
  const content = random.pick([
    'id,name\n1,a\n2,b\n',
    '',
    '[{"a":1}]',
    '\u0000\u0001\u0002',
    'a,b\n"1,2\n',
    oddString(random),
  ]);
  const bodies: [string, string][] = [
    ['multipart/form-data; boundary=XX', `${file(name, content)}--XX--\r\n`],
    [
      'multipart/form-data; boundary=XX',
      `${field('databaseId', context.knownValue('databaseId') ?? 'x')}${file(name, content)}--XX--\r\n`,
    ],
    [
      'multipart/form-data; boundary=XX',
      `${field('tableName', oddString(random).slice(0, 2000))}${file(name, content)}--XX--\r\n`,
    ],
    ['multipart/form-data; boundary=XX', file(name, content)],
    [
      'multipart/form-data; boundary=XX',
      `--XX\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n`,
    ],
    ['multipart/form-data; boundary=XX', `--XX\r\nContent-Disposition form-data\r\n\r\nx\r\n--XX--\r\n`],
    ['multipart/form-data; boundary=XX', `${file(name, content)}${file('b.csv', content)}--XX--\r\n`],
    ['multipart/form-data; boundary=XX', `${field('__proto__', 'x')}--XX--\r\n`],
    [
      'multipart/form-data; boundary=XX',
      `${part('Content-Disposition: form-data; name="other"; filename="a.csv"', 'a\n1\n')}--XX--\r\n`,
    ],
    [
      'multipart/form-data; boundary=XX',
      `${Array.from({ length: 20 }, (_, index) => field(`f${index}`, 'x')).join('')}--XX--\r\n`,
    ],
    ['multipart/form-data; boundary=XX', 'garbage'],
    ['multipart/form-data; boundary=XX', ''],
    ['multipart/form-data', `${file(name, content)}--XX--\r\n`],
    ['multipart/form-data; boundary="', `${file(name, content)}--XX--\r\n`],
    ['multipart/mixed; boundary=XX', `${file(name, content)}--XX--\r\n`],
  ];
  const [type, body] = random.pick(bodies);
  return { type, body };
}

/**
 * A path parameter: an id that names something, one that names nothing, or something odd. The
 * segment before it (`databases`, `query`, ...) says what kind of object a sound one names.
 */
function pathParam(name: string, segment: string, route: AnyRoute, context: FuzzContext): string {
  const { random } = context;
  const options = jsonSchemaOf(route.params)?.properties?.[name]?.enum;
  if (options !== undefined && random.chance(0.8)) return encode(String(random.pick(options)));
  const choice = random.weighted([
    ['real', 4],
    ['fake', 2],
    ['odd', 3],
    ['raw', 1],
  ] as const);
  if (choice === 'real') return encode(context.knownValue(`${segment}.${name}`) ?? 'no-such-id');
  if (choice === 'fake')
    return random.pick(['no-such-id', '00000000-0000-0000-0000-000000000000', '1', '-1']);
  if (choice === 'odd') return encode(oddString(random).slice(0, 3000)) || '%20';
  // Left as it is: percent signs that decode to nothing, dots, separators.
  return random.pick([
    '%',
    '%E0%A4%A',
    '%00',
    '..',
    '.',
    ';',
    "'",
    '%2F..%2F',
    '%252e',
    'a%2Fb',
    '%ED%A0%80',
    '%C0%AE',
  ]);
}

function queryString(route: AnyRoute, context: FuzzContext): string {
  const { random } = context;
  const pairs: string[] = [];
  const schema = jsonSchemaOf(route.query);
  if (schema !== null && random.chance(0.8)) {
    const value = valueFromSchema(schema, 'query', { ...context, root: schema });
    const fields: Record<string, unknown> = typeof value === 'object' && value !== null ? { ...value } : {};
    for (const [key, item] of Object.entries(fields)) {
      for (const one of Array.isArray(item) ? (item as unknown[]) : [item]) {
        const text = typeof one === 'string' ? one : JSON.stringify(one);
        pairs.push(`${encode(key)}=${encode(text.slice(0, 2000))}`);
      }
    }
  }
  if (random.chance(0.3)) {
    pairs.push(
      random.pick([
        'a=%E0%A4%A',
        '%=%',
        'refresh=maybe',
        'limit=-1',
        'limit=1e309',
        'offset=NaN',
        '__proto__[admin]=1',
        'constructor[prototype][x]=1',
        `x=${encode(oddString(random).slice(0, 2000))}`,
        'q=1&q=2&q=3',
        '&&&',
        '=',
      ]),
    );
  }
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

function body(
  route: AnyRoute,
  method: string,
  context: FuzzContext,
): Pick<FuzzRequest, 'headers' | 'body' | 'note'> {
  const { random } = context;
  const schema = jsonSchemaOf(route.body);
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  const kind = random.weighted([
    ['schema', schema === null ? 0 : 8],
    ['junk', 2],
    ['invalid-json', 1.5],
    ['wrong-type', 1.5],
    ['multipart', route.kind === 'upload' ? 10 : 0.5],
    ['empty', 0.5],
    ['bad-bytes', 0.3],
    ['none', method === 'GET' ? 8 : 1],
  ] as const);
  switch (kind) {
    case 'schema':
      return {
        headers: { 'content-type': 'application/json' },
        body: json(valueFromSchema(schema ?? {}, 'body', { ...context, root: schema ?? {} })),
        note: 'body from its schema, broken here and there',
      };
    case 'junk':
      return {
        headers: { 'content-type': 'application/json' },
        body: json(junkValue(random)),
        note: 'any JSON',
      };
    case 'invalid-json':
      return {
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(random.pick(invalidJson)),
        note: kind,
      };
    case 'wrong-type':
      return {
        headers: { 'content-type': random.pick(wrongTypes) },
        body: Buffer.from('a=b&{"x":1}'),
        note: kind,
      };
    case 'multipart': {
      const form = multipartBody(context);
      return { headers: { 'content-type': form.type }, body: Buffer.from(form.body), note: kind };
    }
    case 'empty':
      return { headers: { 'content-type': 'application/json' }, body: Buffer.alloc(0), note: kind };
    case 'bad-bytes':
      return {
        headers: { 'content-type': 'application/json' },
        body: Buffer.from([0x7b, 0xff, 0xfe, 0x22, 0x7d]),
        note: kind,
      };
    case 'none':
      return { headers: {}, note: 'no body' };
  }
}

/** `count` requests to one declared route, each malformed in its own way (or nearly sound). */
export function fuzzRequestsFor(
  key: string,
  route: AnyRoute,
  given: FuzzContext,
  count: number,
): FuzzRequest[] {
  const { method, path } = parseRouteKey(key);
  const requests: FuzzRequest[] = [];
  for (let index = 0; index < count; index++) {
    // From nearly sound requests, which reach deep into a handler, to ones broken everywhere.
    const context = { ...given, breakRate: given.random.pick([0, 0.05, 0.2, 0.5]) };
    let filled = path;
    for (const name of listPathParams(path)) {
      const segment = path.split(`/:${name}`)[0]?.split('/').at(-1) ?? '';
      filled = filled.replace(`:${name}`, pathParam(name, segment, route, context));
    }
    const parts = body(route, method, context);
    requests.push({ method, path: `${filled}${queryString(route, context)}`, ...parts });
  }
  return requests;
}
