/**
 * The shop's own Agent Skill and the index that lets agents discover it on the web.
 *
 * `SKILL.md` (agentskills.io: front matter with `name` and `description`, then instructions) teaches
 * an agent to use this catalogue: find skills by problem or cluster, read a skill's twin, compare
 * prices and hand the person the page, install and cart links. Every fact in it comes from the
 * model and the modules that own it (clusters, endpoints, query parameters, the price note), so it
 * changes with them. It is free and describes the catalogue only: the paid skills' files are for
 * buyers and are never served here.
 *
 * `index.json` follows Cloudflare's Agent Skills Discovery RFC, v0.2.0: one entry per skill with
 * the SHA-256 digest of the exact bytes served at its URL. The MCP endpoint serves the same file
 * and digest through the Skills extension (core/mcp/skills.ts). Its schema is the RFC's, not one of
 * openapi.json's, so it is registered beside the checked emitters (index.ts).
 */
import { createHash } from 'node:crypto';
import { MCP_PATH, TOOL_NAMES } from '../core/mcp/names.ts';
import { PRICES_IN_CENTS_NOTE, PRICING_RULE } from '../core/pricing.ts';
import { LIMIT_MAX, LIMIT_MIN, QUERY_PARAMETERS } from '../core/query.ts';
import { SEARCH_API_PATH } from '../core/search-paths.ts';
import { SEARCH_PARAMETERS } from '../core/search-query.ts';
import { SORT_NAMES, TAX_NOTE } from '../core/types.ts';
import { AGENT_SKILLS_SCHEMA } from '../core/agent-skills.ts';
import type { AgentSkillsIndex } from '../core/agent-skills.ts';
import { jsonBytes } from '../core/json.ts';
import { AGENT_SKILLS_INDEX_FILE, agentSkillFile, CATALOG_FILE, CLUSTER_LIST_FILE, LLMS_FILE, publishedPath } from '../core/published-files.ts';
import { BuildDefinitionError } from './errors.ts';
import { formatEuro } from './render/format.ts';
import { clusterRef } from './pages/cluster.ts';
import { markdownOf } from './markdown/serialize.ts';
import { code, heading, link, list, paragraph } from './markdown/mdast.ts';
import type { Emitter } from './types.ts';
import type { CatalogueModel } from './model.ts';

/** agentskills.io's limits: a name is 1–64 lowercase letters, digits and single hyphens; a description at most 1,024 characters. */
const NAME_MAX = 64;
const DESCRIPTION_MAX = 1024;

/** The skill's name, from the site's name (`Skill Shelf` → `skill-shelf`), else from its host. */
export function shopSkillName(model: Pick<CatalogueModel, 'site'>): string {
  const slug = (text: string) => text.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, NAME_MAX).replace(/-+$/, '');
  return slug(model.site.name) || slug(new URL(model.site.baseUrl).host);
}

export const sha256Digest = (bytes: string | Uint8Array): string => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

export const emitAgentSkill: Emitter<'site' | 'clusters'> = (model) => {
  const name = shopSkillName(model);
  const description = skillDescription(model);
  const skill = skillText(model, name, description);
  const index: AgentSkillsIndex = {
    $schema: AGENT_SKILLS_SCHEMA,
    skills: [{ name, type: 'skill-md', description, url: `${model.site.baseUrl}${publishedPath(agentSkillFile(name))}`, digest: sha256Digest(skill) }],
  };
  return [
    { path: agentSkillFile(name), bytes: skill },
    { path: AGENT_SKILLS_INDEX_FILE, bytes: jsonBytes(index) },
  ];
};

function skillDescription(model: Pick<CatalogueModel, 'site'>): string {
  const { name, description, baseUrl } = model.site;
  const text = `Find, compare and recommend agent skills from ${name} (${baseUrl}), a catalogue of skills for coding agents: ${description.replace(/\s+/g, ' ').trim().replace(/\.?$/, '.')} ` +
    'Use it when a person needs a skill or bundle for a job: search by problem or job cluster, read a skill\'s page, compare net prices, and hand over page, install and cart links.';
  if ([...text].length > DESCRIPTION_MAX) {
    throw new BuildDefinitionError(`site.yaml: description makes the shop's Agent Skill description ${[...text].length} characters long; agentskills.io allows ${DESCRIPTION_MAX}. Shorten the site's description.`);
  }
  return text;
}

function skillText(model: Pick<CatalogueModel, 'site' | 'clusters'>, name: string, description: string): string {
  const base = model.site.baseUrl;
  const catalog = `${base}${publishedPath(CATALOG_FILE)}`;
  const search = `${base}${SEARCH_API_PATH}`;
  const body = markdownOf([
    heading(1, `Use the ${model.site.name} catalogue`),
    paragraph(
      `${model.site.name} sells skills for coding agents, singly or in bundles. Its catalogue is public and read-only: `,
      'every page has a Markdown twin and a JSON twin, the same facts are JSON at ', code(catalog), ', and an MCP server answers at ',
      code(`${base}${MCP_PATH}`), ' (Streamable HTTP, stateless). Nothing here needs an account or a key.',
    ),
    heading(2, 'Find skills by problem or job cluster'),
    list([
      ['Search by words (the problem in the person\'s words, a command, an author): ', code(`GET ${search}?q=<words>`), `. Parameters: ${SEARCH_PARAMETERS.join(', ')}. Best match first.`],
      ['Browse a job cluster: ', code(`GET ${catalog}?cluster=<id>`), `. Parameters: ${QUERY_PARAMETERS.join(', ')}; sort is one of ${SORT_NAMES.join(', ')}; limit is ${LIMIT_MIN} to ${LIMIT_MAX}. Without parameters it lists every skill and bundle.`],
      ['Over MCP: the tools ', ...TOOL_NAMES.flatMap((tool, i) => [...(i > 0 ? [', '] : []), code(tool)]), '. ', code('search_skills'), ' takes words, a cluster and a kind; ', code('get_skill'), ' and ', code('get_bundle'), ' give one in full.'],
      ['Every cluster with its counts: ', link(`${base}${publishedPath(CLUSTER_LIST_FILE)}`, `${base}${publishedPath(CLUSTER_LIST_FILE)}`), '. The site in one page for agents: ', link(`${base}${publishedPath(LLMS_FILE)}`, `${base}${publishedPath(LLMS_FILE)}`), '.'],
    ]),
    heading(3, 'The job clusters'),
    list(model.clusters.map((cluster) => [code(cluster.id), `: ${cluster.label}. ${cluster.question} `, link(clusterRef(base, cluster).markdownUrl, 'Its skills')])),
    heading(2, 'Read a skill before recommending it'),
    paragraph(
      'Every skill and bundle carries ', code('url'), ' (its page), ', code('markdown_url'), ' (the whole page as Markdown) and ', code('json_url'),
      ' (its facts as JSON). Read the Markdown twin, or call ', code('get_skill'), ': the problem it solves, the outcome, what the person gets, what it will not do, and its commands. Recommend from what it says, not from the title.',
    ),
    heading(2, 'Compare prices'),
    list([
      [`${PRICES_IN_CENTS_NOTE} Read `, code('price.amount_cents'), ' and show it in euros; a skill costs ', formatEuro(model.site.singleCents), ' unless its price says otherwise.'],
      [`${PRICING_RULE} A bundle's `, code('price'), ' gives its list price and what it costs.'],
      [`When you quote a price, say that it is ${TAX_NOTE}: the person pays VAT on top.`],
    ]),
    heading(2, 'Hand over the links'),
    paragraph(
      'Give the person the skill\'s page (', code('url'), '), how to install it (', code('install_url'), ') and where to buy it (', code('cart_url'),
      '). They buy it themselves: you cannot buy for them, and nothing in the catalogue takes an order.',
    ),
    heading(2, 'What the catalogue does not give'),
    paragraph(
      'The paid skills\' own files are for buyers only: the catalogue describes each skill but never serves its files, here or over MCP. Do not look for them; link the page instead. This skill is free.',
    ),
  ]);
  return `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n\n${body}`;
}
