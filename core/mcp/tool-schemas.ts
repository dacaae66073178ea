/**
 * Each tool's input and output schema, derived from schema/: an argument is the schema of the field
 * it names (a skill's `slug`, a cluster's `id`, a skill's `kind`), an answer wraps the response
 * schemas (Skill, Bundle, ClusterList) the JSON API publishes. Made self-contained (json-schema.ts),
 * since MCP clients get each tool's schemas alone. MCP asks for an object at the root of both
 * (the specification's `Tool.inputSchema` and `Tool.outputSchema` have `type: "object"`).
 */
import { apiSchemas } from '../schema-files.ts';
import { LIMIT_MAX, LIMIT_MIN } from '../query.ts';
import { SEARCH_DEFAULT_LIMIT } from '../search.ts';
import { SEARCH_Q_MAX } from '../search-query.ts';
import { selfContained } from './json-schema.ts';
import type { JsonSchema, SchemaReader } from './json-schema.ts';
import type { ToolName } from './names.ts';

export interface ToolSchemas {
  input: JsonSchema;
  output: JsonSchema;
}

const object = (properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  required: [...required],
  additionalProperties: false,
});

/** A field of a response schema as a tool's argument, described for the caller. */
const field = (read: SchemaReader, file: string, pointer: string, description: string): JsonSchema => ({
  ...selfContained(`${file}#${pointer}`, read),
  description,
});

const MARKDOWN: JsonSchema = {
  type: 'string',
  minLength: 1,
  description: 'The Markdown twin: YAML front matter (title, description, url, type, site), then the page as Markdown.',
};

export function toolSchemas(read: SchemaReader): Record<ToolName, ToolSchemas> {
  const skill = selfContained(apiSchemas.Skill, read);
  const bundle = selfContained(apiSchemas.Bundle, read);
  const slug = (file: string, what: string) => field(read, file, '/properties/slug', `The ${what}'s slug, as in its URL (/${what}s/<slug>).`);

  return {
    search_skills: {
      input: object({
        query: {
          type: 'string',
          minLength: 1,
          maxLength: SEARCH_Q_MAX,
          description: 'Words to look for in titles, commands, authors, summaries and descriptions; prefixes and small typos match. Without it, the skills of the cluster and kind given, in catalogue order.',
        },
        cluster: field(read, apiSchemas.Cluster, '/properties/id', 'Only skills listed in this job cluster (list_clusters names them).'),
        kind: field(read, apiSchemas.Skill, '/properties/kind', 'Only skills of this kind: `command` exposes slash commands, `reference` is read by the agent.'),
        limit: {
          type: 'integer',
          minimum: LIMIT_MIN,
          maximum: LIMIT_MAX,
          default: SEARCH_DEFAULT_LIMIT,
          description: `How many skills to answer at most (${LIMIT_MIN} to ${LIMIT_MAX}, ${SEARCH_DEFAULT_LIMIT} if not given).`,
        },
      }),
      output: object({
        total: { type: 'integer', minimum: 0, description: 'Skills that matched, counted before limit cut the list.' },
        skills: { type: 'array', items: skill, description: 'The best matches first (catalogue order without a query), each as its JSON twin.' },
      }, ['total', 'skills']),
    },
    get_skill: {
      input: object({ slug: slug(apiSchemas.Skill, 'skill') }, ['slug']),
      output: object({ skill: { ...skill, description: 'The JSON twin (/skills/<slug>.json).' }, markdown: MARKDOWN }, ['skill', 'markdown']),
    },
    get_bundle: {
      input: object({ slug: slug(apiSchemas.Bundle, 'bundle') }, ['slug']),
      output: object({ bundle: { ...bundle, description: 'The JSON twin (/bundles/<slug>.json).' }, markdown: MARKDOWN }, ['bundle', 'markdown']),
    },
    list_clusters: {
      input: object({}),
      output: { ...selfContained(apiSchemas.ClusterList, read), description: 'The JSON twin of /clusters/: every job cluster in catalogue order, with its pages and counts.' },
    },
  };
}
