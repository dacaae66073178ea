/** Validate: check each loaded file against its content schema and turn ajv's findings into
 * problems that name file, field, expectation and line. */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { ContentError, describeValue, fieldPath } from './content-error.ts';
import type { ContentProblem } from './content-error.ts';
import { validatorFor } from './ajv.ts';
import { contentSchemas } from './schemas.ts';
import type { LoadedContent, LoadedDocument, LoadedFile } from './load.ts';
import { nearest } from './core/nearest.ts';
import { CLUSTER_IDS } from './core/types.ts';
import type { BundleFrontMatter, Cluster, DocFrontMatter, SiteContent, SkillFrontMatter } from './core/types.ts';

export type ContentKind = keyof typeof contentSchemas;

/** Problems of one file; an empty list means its data matches the schema. */
export function validateFile(kind: ContentKind, loaded: LoadedFile): ContentProblem[] {
  if (loaded.problems.length > 0) return loaded.problems;
  if (loaded.checked) return [];
  const validate = validatorFor(contentSchemas[kind]);
  const data = loaded.data ?? null;
  if (validate(data)) return [];
  return readableErrors(validate.errors ?? []).map((error) => toProblem(error, loaded, data));
}

function toProblem(error: ErrorObject, loaded: LoadedFile, data: unknown): ContentProblem {
  const path = pointerToPath(error.instancePath);
  const value = valueAt(data, path);
  const { file } = loaded;
  switch (error.keyword) {
    case 'required': {
      const missing = [...path, (error.params as { missingProperty: string }).missingProperty];
      return { file, line: loaded.lineOf(path), field: fieldPath(missing), expected: 'a value (required field)', got: 'nothing' };
    }
    case 'additionalProperties': {
      const extra = [...path, (error.params as { additionalProperty: string }).additionalProperty];
      const allowed = Object.keys((error.parentSchema as { properties?: object }).properties ?? {});
      const near = nearest(String(extra.at(-1)), allowed);
      return {
        file,
        line: loaded.lineOf(extra),
        field: fieldPath(extra),
        expected: `no such field${near ? ` (did you mean "${near}"?)` : ''} (allowed: ${allowed.join(', ')})`,
        got: describeValue(valueAt(data, extra)),
      };
    }
    default:
      return { file, line: loaded.lineOf(path), field: fieldPath(path) || undefined, expected: expectation(error), got: describeValue(value) };
  }
}

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
    case 'minimum':
      return `a number of at least ${params.limit as number}`;
    case 'maximum':
      return `a number of at most ${params.limit as number}`;
    case 'oneOf':
      return describeAlternatives(error.schema as object[]);
    default:
      return error.message ?? error.keyword;
  }
}

function describeAlternatives(branches: object[]): string {
  return branches
    .map((branch) => {
      const b = branch as { type?: string; $ref?: string };
      if (b.type === 'null') return 'null';
      if (b.$ref) return `an object (${b.$ref.split('/').pop()})`;
      return b.type ?? 'another shape';
    })
    .join(' or ');
}

/**
 * ajv reports every failing branch of a `oneOf` and the `if` of an if/then; a person wants one
 * message. Keep the errors of the branch whose type matched, or a single "A or B" when none did.
 */
function readableErrors(errors: ErrorObject[]): ErrorObject[] {
  let kept = errors.filter((error) => error.keyword !== 'if');
  for (const oneOf of errors.filter((error) => error.keyword === 'oneOf')) {
    // A branch's errors carry either the oneOf's own path (`…/oneOf/0/type`) or, inside a $ref'd
    // branch, the referenced schema's path (`…#/$defs/SkillSource/required`).
    const branches = (oneOf.schema as { $ref?: string }[]).map((branch, i) => ({
      index: String(i),
      prefixes: [`${oneOf.schemaPath}/${i}/`, ...(branch.$ref ? [`${branch.$ref}/`] : [])],
    }));
    const branchOf = (error: ErrorObject) => {
      if (error === oneOf || !error.instancePath.startsWith(oneOf.instancePath)) return undefined;
      return branches.find((branch) => branch.prefixes.some((prefix) => error.schemaPath.startsWith(prefix)))?.index;
    };
    const branchErrors = kept.filter((error) => branchOf(error) !== undefined);
    const typeMismatch = new Set(
      branchErrors.filter((error) => error.keyword === 'type' && error.instancePath === oneOf.instancePath).map(branchOf),
    );
    const relevant = branchErrors.filter((error) => !typeMismatch.has(branchOf(error)));
    kept = kept.filter((error) => branchOf(error) === undefined && (relevant.length === 0 || error !== oneOf));
    kept.push(...relevant);
  }
  return kept;
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

const SLUG = /^[a-z0-9-]+$/;

/** Every rule of the content, schema and cross-file, checked in one pass; throws every problem at once. */
export function validateContent(loaded: LoadedContent): ValidContent {
  const problems: ContentProblem[] = [];
  const check = (kind: ContentKind, file: LoadedFile): boolean => {
    const found = validateFile(kind, file);
    problems.push(...found);
    return found.length === 0;
  };
  const siteOk = check('site', loaded.site);
  const clustersOk = check('clusters', loaded.clusters);
  if (clustersOk) problems.push(...clusterOrderProblems(loaded.clusters));

  const skillSlugs = new Set(loaded.skills.map((doc) => doc.slug));
  const documents = <T>(kind: 'skill' | 'bundle' | 'doc', docs: LoadedDocument[]): ValidDocument<T>[] => {
    problems.push(...slugProblems(docs));
    return docs.filter((doc) => check(kind, doc)).map((doc) => ({ doc, fields: doc.data as T }));
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

function slugProblems(docs: LoadedDocument[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const seen = new Map<string, string>();
  for (const doc of docs) {
    if (!SLUG.test(doc.slug)) {
      problems.push({ file: doc.file, field: 'slug (file name)', expected: 'a file name matching ^[a-z0-9-]+$ before .md', got: describeValue(doc.slug) });
    }
    const first = seen.get(doc.slug);
    if (first) {
      problems.push({ file: doc.file, field: 'slug (file name)', expected: `a slug no other file has (${first} has it too)`, got: describeValue(doc.slug) });
    } else seen.set(doc.slug, doc.file);
  }
  return problems;
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
