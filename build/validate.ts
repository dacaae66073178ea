/** Validate: check each loaded file against its content schema and turn ajv's findings into
 * problems that name file, field, expectation and line. */
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { ContentError, describeValue, fieldPath } from './content-error.ts';
import type { ContentProblem } from './content-error.ts';
import { readSchema, validatorFor } from './ajv.ts';
import { contentSchemas } from '../core/schema-files.ts';
import { resolveRef, schemasAt, titlesOf, typesOf } from './schema-lookup.ts';
import type { Schema } from './schema-lookup.ts';
import type { LoadedContent, LoadedDocument, LoadedFile } from './load.ts';
import type { NumberLiteral } from './yaml-source.ts';
import { nearest } from '../core/nearest.ts';
import { CART_PLACEHOLDER, cartUrl } from '../core/url-template.ts';
import type { ShopTemplates } from '../core/url-template.ts';
import { CLUSTER_IDS } from '../core/types.ts';
import { SECTION_INDEX } from '../core/negotiate.ts';
import type { BundleFrontMatter, Cluster, DocFrontMatter, SiteContent, SkillFrontMatter } from '../core/types.ts';
import { formatEuro } from './render/format.ts';
import { placeholderProblem, placeholdersIn } from './placeholder.ts';

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

export interface ValidDocument<T> {
  doc: LoadedDocument;
  fields: T;
}

export interface ValidContent {
  site: SiteContent;
  clusters: Cluster[];
  skills: ValidDocument<SkillFrontMatter>[];
  bundles: ValidDocument<BundleFrontMatter>[];
  docs: ValidDocument<DocFrontMatter>[];
}

/** Every rule of the content, schema and cross-file, checked in one pass; throws every problem at once. */
export function validateContent(loaded: LoadedContent): ValidContent {
  const problems: ContentProblem[] = [];
  const check = (kind: ContentKind, file: LoadedFile): boolean => {
    const found = validateFile(kind, file);
    problems.push(...found);
    return found.length === 0;
  };
  const siteOk = check('site', loaded.site);
  if (siteOk) problems.push(...cartTemplateProblems(loaded));
  const clustersOk = check('clusters', loaded.clusters);
  if (clustersOk) problems.push(...clusterOrderProblems(loaded.clusters));

  const skillSlugs = new Set(loaded.skills.map((doc) => doc.slug));
  const documents = <T>(kind: 'skill' | 'bundle' | 'doc', docs: LoadedDocument[]): ValidDocument<T>[] => {
    problems.push(...slugProblems(docs, kind === 'doc' ? [] : [SECTION_INDEX]));
    // Measured by the loader (build/render/body-limits.ts), so check and build refuse the same bodies.
    problems.push(...docs.flatMap((doc) => doc.bodyProblems));
    const valid = docs.filter((doc) => check(kind, doc));
    if (kind !== 'doc') for (const doc of valid) problems.push(...leftPlaceholders(doc));
    return valid.map((doc) => ({ doc, fields: doc.data as T }));
  };
  const skills = documents<SkillFrontMatter>('skill', loaded.skills);
  const bundles = documents<BundleFrontMatter>('bundle', loaded.bundles);
  const docs = documents<DocFrontMatter>('doc', loaded.docs);
  for (const { doc, fields } of bundles) {
    fields.skills.forEach((slug, i) => {
      if (!skillSlugs.has(slug)) {
        const near = nearest(slug, [...skillSlugs]);
        problems.push({
          file: doc.file,
          line: doc.lineOf(['skills', i]),
          field: fieldPath(['skills', i]),
          expected: `the slug of a skill in content/skills/${near ? ` (did you mean "${near}"?)` : ''}`,
          got: describeValue(slug),
        });
      }
    });
  }
  if (problems.length > 0 || !siteOk || !clustersOk) throw new ContentError(problems);
  return {
    site: loaded.site.data as SiteContent,
    clusters: loaded.clusters.data as Cluster[],
    skills,
    bundles,
    docs,
  };
}

/**
 * A skill or bundle that is published (not `draft: true`) with a placeholder of `npm run new` still
 * in it: one problem per field, and the body. A draft keeps its placeholders unremarked, so the file
 * `npm run new` writes checks clean.
 */
function leftPlaceholders(doc: LoadedDocument): ContentProblem[] {
  if ((doc.data as { draft?: boolean }).draft === true) return [];
  const problems = placeholdersIn(doc.data).map(({ path, text }) => placeholderProblem(doc.file, doc.lineOf(path), path, text));
  if (doc.bodyPlaceholder) problems.push(placeholderProblem(doc.file, doc.bodyPlaceholder.line, 'body', doc.bodyPlaceholder.text));
  return problems;
}

/** `reserved`: names a slug may not take because a page of the folder has it (`skills/index.html`). */
function slugProblems(docs: LoadedDocument[], reserved: readonly string[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const seen = new Map<string, string>();
  const slug = resolveRef('#/$defs/Slug');
  const validSlug = validatorFor('defs.schema.json#/$defs/Slug');
  for (const doc of docs) {
    if (!validSlug(doc.slug)) {
      problems.push({
        file: doc.file,
        field: 'slug (file name)',
        expected: `a file name matching ${slug.pattern as string} of at most ${slug.maxLength as number} characters before .md`,
        got: describeValue(doc.slug),
      });
    }
    if (reserved.includes(doc.slug)) {
      problems.push({ file: doc.file, field: 'slug (file name)', expected: `a slug other than ${reserved.map((name) => `"${name}"`).join(', ')} (the folder's index page has it)`, got: describeValue(doc.slug) });
    }
    const first = seen.get(doc.slug);
    if (first) {
      problems.push({ file: doc.file, field: 'slug (file name)', expected: `a slug no other file has (${first} has it too)`, got: describeValue(doc.slug) });
    } else seen.set(doc.slug, doc.file);
  }
  return problems;
}

/**
 * The shop's cart templates filled in as the build fills them, with the longest slug in use (a slug
 * is only ever URL-safe characters, so the longest one is the one that could overflow): what the
 * build would publish must be an https:// URL, and on another origin than `base_url`, since this
 * site serves no cart. `npm run check` says so rather than the build alone; the build also holds
 * them to the deploy's own address (`shopOriginProblems`).
 */
function cartTemplateProblems(loaded: LoadedContent): ContentProblem[] {
  const site = loaded.site.data as SiteContent;
  if (!site.shop) return [];
  const longest = (docs: LoadedDocument[]) => docs.reduce((slug, doc) => (doc.slug.length > slug.length ? doc.slug : slug), 'x');
  const https = validatorFor('defs.schema.json#/$defs/HttpsUrl');
  const items = { skill_cart: ['skill', longest(loaded.skills)], bundle_cart: ['bundle', longest(loaded.bundles)] } as const;
  const lineOf = (key: keyof ShopTemplates) => loaded.site.lineOf(['shop', key]);
  const malformed = (Object.keys(items) as (keyof ShopTemplates)[]).flatMap((key): ContentProblem[] => {
    const [type, slug] = items[key];
    const found = schemaProblems(https, cartUrl(site.shop, type, slug)!, loaded.site.file);
    if (found.length === 0) return [];
    const { expected, got } = found[0].problem;
    return [{
      file: loaded.site.file,
      line: lineOf(key),
      field: fieldPath(['shop', key]),
      expected: `a template that gives ${expected} once ${CART_PLACEHOLDER} is filled in`,
      got: `${describeValue(site.shop![key])}, which gives ${got}`,
    }];
  });
  const told = new Set(malformed.map((problem) => problem.field));
  return [...malformed, ...shopOriginProblems(site.shop, site.base_url, loaded.site.file, lineOf).filter((problem) => !told.has(problem.field))];
}

/**
 * A cart on this site's own origin leads nowhere (the site serves no cart), so the shop must be
 * elsewhere: checked against `base_url` by `npm run check`, and by the build against the address it
 * publishes under (Netlify's `URL` wins over `base_url`).
 */
export function shopOriginProblems(shop: ShopTemplates, base: string, file: string, lineOf: (field: keyof ShopTemplates) => number | undefined = () => undefined): ContentProblem[] {
  const site = new URL(base).origin;
  return (['skill_cart', 'bundle_cart'] as const).flatMap((key): ContentProblem[] => {
    const filled = cartUrl(shop, key === 'skill_cart' ? 'skill' : 'bundle', 'x')!;
    if (!URL.canParse(filled) || new URL(filled).origin !== site) return [];
    return [{
      file,
      line: lineOf(key),
      field: fieldPath(['shop', key]),
      expected: `a cart on the shop's own origin, not this site's (${site}), which serves no cart`,
      got: describeValue(shop[key]),
    }];
  });
}

function clusterOrderProblems(clusters: LoadedFile): ContentProblem[] {
  const ids = (clusters.data as Cluster[]).map((cluster) => cluster.id);
  return ids.flatMap((id, i) =>
    id === CLUSTER_IDS[i]
      ? []
      : [{
          file: clusters.file,
          line: clusters.lineOf([i, 'id']),
          field: fieldPath([i, 'id']),
          expected: `"${CLUSTER_IDS[i]}" (the clusters in catalogue order: ${CLUSTER_IDS.join(', ')})`,
          got: describeValue(id),
        }],
  );
}
