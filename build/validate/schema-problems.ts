/**
 * One content file against its schema: ajv's findings turned into problems in editors' words,
 * each naming file, field, expectation and line, one per failing rule (and one per field for the
 * shape of a text), with integers written the wrong way named for what they would mean.
 */
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { describeValue, fieldPath } from '../content-error.ts';
import type { ContentProblem } from '../content-error.ts';
import { readSchema, validatorFor } from '../ajv.ts';
import { contentSchemas } from '../../core/schema-files.ts';
import { resolveRef, schemasAt, titlesOf, typesOf } from '../schema-lookup.ts';
import type { Schema } from '../schema-lookup.ts';
import type { LoadedFile } from '../load.ts';
import type { NumberLiteral } from '../yaml-source.ts';
import { formatEuro } from '../../site/render/format.ts';
import { nearest } from '../../core/nearest.ts';
import { CART_PLACEHOLDER } from '../../core/url-template.ts';

export type ContentKind = keyof typeof contentSchemas;

/** Problems of one file; an empty list means its data matches the schema. */
export function validateFile(kind: ContentKind, loaded: LoadedFile): ContentProblem[] {
  if (loaded.problems.length > 0) return loaded.problems;
  if (loaded.checked) return [];
  const file = contentSchemas[kind];
  const literals = integerLiteralProblems(readSchema(file), loaded);
  const data = loaded.data ?? null;
  // A field with a number written the wrong way has one problem: the literal's, which says what it meant.
  const spoken = new Set(literals.map(({ pointer }) => pointer));
  const found = schemaProblems(validatorFor(file), data, loaded.file, loaded.lineOf).filter(({ pointer }) => !spoken.has(pointer));
  return [...literals, ...found].map(({ problem }) => problem);
}

export interface PlacedProblem {
  /** JSON pointer of the field, to tell which problems speak of the same field. */
  pointer: string;
  problem: ContentProblem;
}

/**
 * Every way `data` fails `validate`, in editors' words: one problem per failing rule, with one
 * problem per field for the shape of text (pattern and format say the same thing twice).
 */
export function schemaProblems(
  validate: ValidateFunction,
  data: unknown,
  file: string,
  lineOf: (path: readonly (string | number)[]) => number | undefined = () => undefined,
): PlacedProblem[] {
  if (validate(data)) return [];
  const errors = readableErrors(validate.errors ?? [], data);
  const shapes = new Map<string, ErrorObject[]>();
  const placed: PlacedProblem[] = [];
  for (const error of errors) {
    if (error.keyword === 'pattern' || error.keyword === 'format') {
      const same = shapes.get(error.instancePath);
      if (same) same.push(error);
      else shapes.set(error.instancePath, [error]);
      if (same) continue;
    }
    placed.push({ pointer: error.instancePath, problem: toProblem(error, file, lineOf, data) });
  }
  // Each field's shape problem is told by the most specific shared definition that failed.
  for (const placedProblem of placed) {
    const sameField = shapes.get(placedProblem.pointer);
    if (!sameField || sameField.length < 2) continue;
    const words = shapeWords(sameField);
    if (words) placedProblem.problem = { ...placedProblem.problem, ...words };
  }
  return placed;
}

function toProblem(error: ErrorObject, file: string, lineOf: (path: readonly (string | number)[]) => number | undefined, data: unknown): ContentProblem {
  const path = pointerToPath(error.instancePath);
  const value = valueAt(data, path);
  switch (error.keyword) {
    case 'required': {
      const missing = [...path, (error.params as { missingProperty: string }).missingProperty];
      return { file, line: lineOf(path), field: fieldPath(missing), expected: 'a value (required field)', got: 'nothing' };
    }
    case 'additionalProperties': {
      const extra = [...path, (error.params as { additionalProperty: string }).additionalProperty];
      const allowed = Object.keys((error.parentSchema as { properties?: object }).properties ?? {});
      const near = nearest(String(extra.at(-1)), allowed);
      return {
        file,
        line: lineOf(extra),
        field: fieldPath(extra),
        expected: `no such field${near ? ` (did you mean "${near}"?)` : ''} (allowed: ${allowed.join(', ')})`,
        got: describeValue(valueAt(data, extra)),
      };
    }
    default: {
      const words = error.keyword === 'pattern' || error.keyword === 'format' ? shapeWords([error]) : undefined;
      return { file, line: lineOf(path), field: fieldPath(path) || undefined, expected: expectation(error), got: describeValue(value), ...words };
    }
  }
}

/**
 * Shared definitions whose shape is better said in words than as a pattern, most specific first;
 * `detail` names what in the value broke it (the scheme, the character).
 */
const SHAPE_WORDS: { title: string; expected: string; detail: (value: string, def: string) => string }[] = [
  { title: 'HttpsUrl', expected: 'an absolute https:// URL', detail: urlDetail },
  { title: 'Origin', expected: 'an origin: http:// or https:// and a host, with no path and no trailing slash', detail: urlDetail },
  { title: 'Url', expected: 'an absolute http:// or https:// URL with a host, no user name and no spaces', detail: urlDetail },
  { title: 'CartTemplate', expected: `an https:// URL of the shop's cart with ${CART_PLACEHOLDER} where the slug goes and no other {placeholder}`, detail: cartTemplateDetail },
  { title: 'Isbn', expected: 'an ISBN-10 or ISBN-13: digits, optionally with single hyphens (978-1-4921-8074-6)', detail: () => 'not an ISBN' },
  {
    title: 'Line',
    expected: 'one line of text without control characters (NUL, tab, newline…), line separators or bidirectional controls',
    detail: characterDetail,
  },
];

function shapeWords(errors: readonly ErrorObject[]): Pick<ContentProblem, 'expected' | 'got'> | undefined {
  const titles = titlesOf(errors.map((error) => error.parentSchema as Schema));
  const words = SHAPE_WORDS.find(({ title }) => titles.has(title));
  if (!words) return undefined;
  const value = errors[0].data;
  return { expected: words.expected, got: typeof value === 'string' ? `${describeValue(value)} (${words.detail(value, words.title)})` : describeValue(value) };
}

/** What a cart template lacks or has too much of. */
function cartTemplateDetail(value: string): string {
  const unknown = /\{[^}]*\}/.exec(value.replaceAll(CART_PLACEHOLDER, ''))?.[0];
  if (unknown === '{base}') return `{base} is this site, where no cart answers: write the shop's origin`;
  if (unknown) return `${unknown} is no placeholder: only ${CART_PLACEHOLDER} is filled in`;
  if (!value.startsWith('https://')) return urlDetail(value, 'HttpsUrl');
  if (/[{}]/.test(value.replaceAll(CART_PLACEHOLDER, ''))) return 'a { or } that opens or closes no placeholder';
  if (/\s/.test(value)) return 'a space';
  return `no ${CART_PLACEHOLDER}: every item would go to the same link`;
}

/** The scheme of a URL that failed, or why a URL with an allowed scheme still did. */
function urlDetail(value: string, def: string): string {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(value)?.[1];
  if (!scheme) return 'no scheme';
  if (/^[^:]+:\/\/[^/?#]*@/.test(value)) return 'a user name before "@": the link goes to the host after it';
  if (/\s/.test(value)) return 'a space';
  // Whether the definition takes this scheme at all, asked of the definition itself.
  const allowed = validatorFor(`defs.schema.json#/$defs/${def}`)(`${scheme.toLowerCase()}://example.com`);
  return allowed ? `not a well-formed ${scheme.toLowerCase()}: URL` : `scheme ${scheme}:`;
}

/** The first character a one-line text may not hold: its code point, what it is, and where. */
function characterDetail(value: string): string {
  const pattern = new RegExp((resolveRef('#/$defs/Line').pattern as string), 'u');
  const chars = [...value];
  const at = chars.findIndex((char) => !pattern.test(char));
  if (at < 0) return 'no character it may not hold';
  const char = chars[at];
  const code = `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const kind = CHARACTER_NAMES[char] ?? (/\p{Bidi_Control}/u.test(char) ? 'a bidirectional control' : /\p{Cc}/u.test(char) ? 'a control character' : 'a line separator');
  return `${code}, ${kind}, at character ${at + 1}`;
}

const CHARACTER_NAMES: Record<string, string> = { '\0': 'NUL', '\t': 'a tab', '\n': 'a newline', '\r': 'a carriage return' };

/** Types in the words of YAML's editors. */
const TYPE_NAMES: Record<string, string> = {
  null: 'null',
  integer: 'an integer (whole number)',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping (key: value lines)',
};

function expectation(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const cents = titlesOf([error.parentSchema as Schema]).has('Cents');
  switch (error.keyword) {
    case 'type': {
      const types = ([] as string[]).concat(params.type as string | string[]);
      return types.map((type) => TYPE_NAMES[type] ?? `a ${type}`).join(' or ');
    }
    case 'enum':
      return `one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return JSON.stringify(params.allowedValue);
    case 'pattern':
      return `text matching ${params.pattern as string}`;
    case 'format':
      return params.format === 'uri' ? 'an absolute URL' : `a ${params.format as string}`;
    case 'minItems':
      return `at least ${params.limit as number} item${params.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `at most ${params.limit as number} item${params.limit === 1 ? '' : 's'}`;
    case 'uniqueItems':
      return `no duplicates (items ${params.j as number} and ${params.i as number} are the same)`;
    case 'minLength':
      return 'non-empty text';
    case 'maxLength':
      return `text of at most ${(params.limit as number).toLocaleString('en')} characters`;
    case 'minimum':
      return `a number of at least ${params.limit as number}`;
    case 'maximum':
      // A bound in cents reads better with the euros it stands for.
      return `a number of at most ${params.limit as number}${cents ? ` cents (${formatEuro(params.limit as number)})` : ''}`;
    case 'oneOf':
      return describeAlternatives(error.schema as Schema[]);
    default:
      return error.message ?? error.keyword;
  }
}

function describeAlternatives(branches: Schema[]): string {
  return branches
    .map((branch) => {
      const types = typesOf(branch);
      if (types.length === 1 && types[0] === 'object' && typeof branch.$ref === 'string') return `an object (${branch.$ref.split('/').pop()})`;
      return types.length ? types.map((type) => TYPE_NAMES[type] ?? `a ${type}`).join(' or ') : 'another shape';
    })
    .join(' or ');
}

/**
 * ajv reports every failing branch of a `oneOf` and the `if` of an if/then; a person wants one
 * message. When the value's type fits a branch, keep that branch's errors (the other branches
 * only say "wrong type" at the value itself); when it fits none, keep the single "A or B".
 */
function readableErrors(errors: ErrorObject[], data: unknown): ErrorObject[] {
  let kept = errors.filter((error) => error.keyword !== 'if');
  for (const oneOf of errors.filter((error) => error.keyword === 'oneOf')) {
    const at = oneOf.instancePath;
    const type = jsonType(valueAt(data, pointerToPath(at)));
    const fits = (oneOf.schema as Schema[]).some((branch) => typesOf(branch).some((t) => t === type || (t === 'number' && type === 'integer')));
    const within = (error: ErrorObject) => error.instancePath === at || error.instancePath.startsWith(`${at}/`);
    kept = kept.filter((error) => {
      if (error === oneOf) return !fits;
      if (!within(error)) return true;
      return fits && !(error.keyword === 'type' && error.instancePath === at);
    });
  }
  return kept;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * Integer fields written as something other than digits: YAML reads `19.00` as 19, so
 * `price_cents: 19.00` would quietly publish €0.19. Each names what the value would mean.
 */
function integerLiteralProblems(root: Schema, loaded: LoadedFile): PlacedProblem[] {
  return (loaded.numberLiterals ?? []).flatMap((literal) => {
    const schemas = schemasAt(root, literal.path);
    if (!schemas.some((schema) => typesOf(schema).includes('integer'))) return [];
    const field = fieldPath(literal.path);
    const problem = { file: loaded.file, line: literal.line, field, expected: integerExpectation(field, literal, titlesOf(schemas).has('Cents')), got: literal.text };
    return [{ pointer: literal.path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''), problem }];
  });
}

function integerExpectation(field: string, { text, value }: NumberLiteral, cents: boolean): string {
  const digits = 'an integer written as digits only';
  if (cents && /^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)$/.test(text)) {
    // The editor most likely wrote euros: say what YAML made of it and what to write instead.
    const meant = Math.round(Number(text) * 100);
    const reads = Number.isInteger(value) ? `${text} would be ${formatEuro(value)}` : `${text} is not a whole number of cents`;
    return `${digits} (${field} is in cents: ${reads}; for ${formatEuro(meant)} write ${meant})`;
  }
  if (Number.isSafeInteger(value)) return `${digits} (${text} reads as ${value}: write ${value})`;
  const reads = Number.isNaN(value) ? 'is not a number' : !Number.isFinite(value) ? 'is infinite' : Number.isInteger(value) ? 'is too large to be exact' : 'is not a whole number';
  return `${digits} (${text} ${reads})`;
}

function pointerToPath(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^(0|[1-9][0-9]*)$/.test(part) ? Number(part) : part));
}

function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let node = data;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}
