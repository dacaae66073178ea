/**
 * The rules of the content that no single schema states: slugs unique and not reserved, bundle
 * members that exist, clusters in catalogue order, cart templates that give a shop's https:// URL on
 * another origin, and no placeholder of `npm run new` left in a published file.
 */
import { describeValue, fieldPath } from '../content-error.ts';
import type { ContentProblem } from '../content-error.ts';
import { validatorFor } from '../ajv.ts';
import { resolveRef } from '../schema-lookup.ts';
import type { LoadedContent, LoadedDocument, LoadedFile } from '../load.ts';
import { nearest } from '../../core/nearest.ts';
import { CART_PLACEHOLDER, cartUrl } from '../../core/url-template.ts';
import type { ShopTemplates } from '../../core/url-template.ts';
import { CLUSTER_IDS } from '../../core/types.ts';
import type { BundleFrontMatter, Cluster, SiteContent } from '../../core/types.ts';
import { placeholderProblem, placeholdersIn } from '../placeholder.ts';
import { schemaProblems } from './schema-problems.ts';

/** A content file whose front matter passed its schema, with its fields as the schema types them. */
export interface ValidDocument<T> {
  doc: LoadedDocument;
  fields: T;
}

/** Each bundle's members must be skills of content/skills/ (a draft counts: the model leaves it out
 * of the published bundle); an unknown slug gets the nearest one. */
export function bundleMemberProblems(bundles: readonly ValidDocument<BundleFrontMatter>[], skillSlugs: ReadonlySet<string>): ContentProblem[] {
  return bundles.flatMap(({ doc, fields }) => fields.skills.flatMap((slug, i): ContentProblem[] => {
    if (skillSlugs.has(slug)) return [];
    const near = nearest(slug, [...skillSlugs]);
    return [{
      file: doc.file,
      line: doc.lineOf(['skills', i]),
      field: fieldPath(['skills', i]),
      expected: `the slug of a skill in content/skills/${near ? ` (did you mean "${near}"?)` : ''}`,
      got: describeValue(slug),
    }];
  }));
}

/**
 * A skill or bundle that is published (not `draft: true`) with a placeholder of `npm run new` still
 * in it: one problem per field, and the body. A draft keeps its placeholders unremarked, so the file
 * `npm run new` writes checks clean.
 */
export function leftPlaceholders(doc: LoadedDocument): ContentProblem[] {
  if ((doc.data as { draft?: boolean }).draft === true) return [];
  const problems = placeholdersIn(doc.data).map(({ path, text }) => placeholderProblem(doc.file, doc.lineOf(path), path, text));
  if (doc.bodyPlaceholder) problems.push(placeholderProblem(doc.file, doc.bodyPlaceholder.line, 'body', doc.bodyPlaceholder.text));
  return problems;
}

/** `reserved`: names a slug may not take because a page of the folder has it (`skills/index.html`). */
export function slugProblems(docs: LoadedDocument[], reserved: readonly string[]): ContentProblem[] {
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
export function cartTemplateProblems(loaded: LoadedContent): ContentProblem[] {
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

export function clusterOrderProblems(clusters: LoadedFile): ContentProblem[] {
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
