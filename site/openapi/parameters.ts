/** openapi.json's parameters: every accepted value and bound from the query cores that parse them. */
import { LIMIT_MAX, LIMIT_MIN, SORT_ALIASES } from '../../core/query.ts';
import { CLUSTER_IDS, SORT_NAMES } from '../../core/types.ts';
import { SEARCH_DEFAULT_LIMIT, SEARCH_TYPES } from '../../core/search.ts';
import { SEARCH_Q_MAX } from '../../core/search-query.ts';
import { ref } from './components.ts';
import type { Json } from './components.ts';

/** The short forms of `sort` (`price` → `price_asc`…): every accepted spelling that is not a canonical name. */
export const SORT_SHORT_FORMS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SORT_ALIASES).filter(([spelling]) => !(SORT_NAMES as readonly string[]).includes(spelling)),
);

/** A request header each read takes: RFC 9110 conditional requests. */
export const IF_NONE_MATCH = 'If-None-Match';

export function parameters(): Json {
  const ids = CLUSTER_IDS.join('|');
  return {
    cluster: {
      name: 'cluster',
      in: 'query',
      required: false,
      description:
        `Job clusters to keep: repeat the parameter (\`cluster=ideas&cluster=ship\`) or pass a comma-separated list (\`cluster=ideas,ship\`), or both. ` +
        `A skill matches when either of its clusters is listed. Duplicates are folded; query.clusters echoes the clusters in catalogue order. Values: ${CLUSTER_IDS.join(', ')}.`,
      style: 'form',
      explode: true,
      schema: {
        type: 'array',
        minItems: 1,
        items: {
          anyOf: [
            ref('ClusterId'),
            { type: 'string', pattern: `^(?:${ids})(?:,(?:${ids}))+$`, description: 'Two or more cluster ids joined by commas, no spaces.' },
          ],
        },
      },
      examples: { one: { value: ['pricing'] }, list: { value: ['ideas,ship'] }, repeated: { value: ['ideas', 'ship'] } },
    },
    sort: {
      name: 'sort',
      in: 'query',
      required: false,
      description:
        'Order of the skills; default is catalogue order. Price sorts fall back to title on a tie. At most once. ' +
        `The short forms ${Object.entries(SORT_SHORT_FORMS).map(([alias, name]) => `\`${alias}\` (= \`${name}\`)`).join(' and ')} are accepted and give the same answer as the name they stand for; ` +
        'query.sort always echoes the canonical name.',
      schema: {
        type: 'string',
        enum: Object.keys(SORT_ALIASES),
        default: 'default',
        // Redocly and other renderers show one line per value; x-canonical says what a short form stands for.
        'x-enumDescriptions': Object.fromEntries(Object.entries(SORT_ALIASES).map(([spelling, name]) => [
          spelling,
          spelling === name ? `Canonical name, echoed as is in query.sort.` : `Short form of \`${name}\`: the same answer, echoed as \`${name}\` in query.sort.`,
        ])),
        'x-canonical': { ...SORT_ALIASES },
      },
    },
    limit: {
      name: 'limit',
      in: 'query',
      required: false,
      description: `Keep the first N skills after sorting (${LIMIT_MIN}–${LIMIT_MAX}, base-10 digits, no sign, no leading zero). Bundles are not limited. At most once.`,
      schema: { type: 'integer', minimum: LIMIT_MIN, maximum: LIMIT_MAX },
    },
    q: {
      name: 'q',
      in: 'query',
      required: true,
      description: `The words to search for, at most ${SEARCH_Q_MAX} characters, once. Case and accents do not matter; common words (the, and, of…) are ignored.`,
      schema: { type: 'string', minLength: 1, maxLength: SEARCH_Q_MAX },
      examples: { word: { value: 'pricing' }, typo: { value: 'pricng' }, partial: { value: 'onboard' } },
    },
    kind: {
      name: 'kind',
      in: 'query',
      required: false,
      description: 'Only skills of this kind (bundles and guides have none). At most once.',
      schema: ref('SkillKind'),
    },
    type: {
      name: 'type',
      in: 'query',
      required: false,
      description: `Only items of these types: repeat the parameter or pass a comma-separated list. Values: ${SEARCH_TYPES.join(', ')}.`,
      style: 'form',
      explode: true,
      schema: {
        type: 'array',
        minItems: 1,
        items: { anyOf: [ref('SearchType'), { type: 'string', pattern: `^(?:${SEARCH_TYPES.join('|')})(?:,(?:${SEARCH_TYPES.join('|')}))+$` }] },
      },
    },
    searchLimit: {
      name: 'limit',
      in: 'query',
      required: false,
      description: `Keep the best N results (${LIMIT_MIN}–${LIMIT_MAX}, base-10 digits, no sign, no leading zero; default ${SEARCH_DEFAULT_LIMIT}). At most once.`,
      schema: { type: 'integer', minimum: LIMIT_MIN, maximum: LIMIT_MAX, default: SEARCH_DEFAULT_LIMIT },
    },
    force: {
      name: 'force',
      in: 'query',
      required: false,
      description: 'Only `1`, at most once: run the check again instead of serving the kept result.',
      schema: { type: 'string', enum: ['1'] },
    },
    slug: { name: 'slug', in: 'path', required: true, description: 'The slug as in the page URL.', schema: ref('Slug') },
    clusterId: { name: 'cluster', in: 'path', required: true, description: 'The cluster id as in the page URL.', schema: ref('ClusterId') },
    docName: { name: 'name', in: 'path', required: true, description: 'The name as in the page URL.', schema: ref('Slug') },
    ifNoneMatch: { name: IF_NONE_MATCH, in: 'header', required: false, description: 'One or more entity tags, or `*`; a match answers 304 (weak comparison, RFC 9110).', schema: { type: 'string' } },
  };
}

