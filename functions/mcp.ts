/**
 * POST /mcp (and /v1/mcp): the catalogue as a Model Context Protocol server over Streamable HTTP,
 * stateless and read-only. Loads what the tools read, each once per instance and only when a tool
 * first needs it: catalog.json, the cluster list, the search index and the Agent Skills' index and
 * files, all found beside the function (netlify.toml's `included_files`), and the schemas the tools
 * describe themselves with (schema/, read through the project's schema loader). The Markdown twins,
 * too many to carry at scale, are asked of the site itself (runtime/twin-source.ts).
 */
import constants from '../runtime/generated/function-constants.json' with { type: 'json' };
import { readSchema } from '../runtime/schema-source.ts';
import { cachedCatalog, CatalogUnavailableError, catalogCandidates, loadCatalog, readBuiltFile } from '../runtime/catalog-source.ts';
import { answerMcp, catalogueTools } from '../core/mcp/index.ts';
import type { Tool, ToolResources } from '../core/mcp/index.ts';
import { answeringErrors } from '../core/respond.ts';
import { readSearchIndex, searchDataDir } from '../runtime/search-source.ts';
import type { Catalog, ClusterList } from '../core/types.ts';

import type { FunctionRoute } from '../core/function-route.ts';
import { AGENT_SKILLS_INDEX_FILE, CLUSTER_LIST_FILE } from '../core/published-files.ts';
import type { AgentSkillsIndex } from '../core/agent-skills.ts';
import { fetchTwin } from '../runtime/twin-source.ts';

const candidates = catalogCandidates(import.meta.url);
const catalogFile = cachedCatalog(() => loadCatalog(candidates, constants.catalogLayout));

/** A JSON file the build wrote beside catalog.json, parsed. */
async function builtJson<T>(name: string): Promise<T> {
  const text = await readBuiltFile(name, candidates);
  if (text === undefined) throw new CatalogUnavailableError(`${name} could not be read beside ${candidates.join(', ')}`);
  return JSON.parse(text) as T;
}

const shared: Omit<ToolResources, 'markdownTwin'> = {
  catalog: cachedCatalog(async () => JSON.parse(Buffer.from((await catalogFile()).bytes).toString('utf8')) as Catalog),
  clusterList: cachedCatalog(() => builtJson<ClusterList>(CLUSTER_LIST_FILE)),
  search: cachedCatalog(async () => (await readSearchIndex(searchDataDir(import.meta.url))).search),
  agentSkills: cachedCatalog(async () => {
    const index = await builtJson<AgentSkillsIndex>(AGENT_SKILLS_INDEX_FILE);
    return Promise.all(index.skills.map(async (entry) => {
      // The index is the build's own; its URLs are this site's, so their paths are files in dist/.
      const file = new URL(entry.url).pathname.slice(1);
      const text = await readBuiltFile(file, candidates);
      if (text === undefined) throw new CatalogUnavailableError(`${file} could not be read beside ${candidates.join(', ')}`);
      return { entry, text };
    }));
  }),
};

/** The origins a request came to (the site's domains, a deploy's own URL), a few, each with its
 * resources: the server made for them is kept with them (core/mcp/index.ts). */
const byOrigin = new Map<string, ToolResources>();
const MAX_ORIGINS = 8;
function resourcesFor(origin: string): ToolResources {
  let resources = byOrigin.get(origin);
  if (!resources) {
    if (byOrigin.size >= MAX_ORIGINS) byOrigin.delete(byOrigin.keys().next().value!);
    byOrigin.set(origin, (resources = { ...shared, markdownTwin: (url) => fetchTwin(origin, url) }));
  }
  return resources;
}

let made: Tool[] | undefined;
const tools = () => (made ??= catalogueTools(readSchema, { baseUrl: constants.baseUrl, documentationUrl: constants.documentationUrl }));

export default answeringErrors(constants, (request) => answerMcp(request, { constants, tools, resources: resourcesFor(new URL(request.url).origin) }));

// Every method Netlify can route: this function alone answers its paths (POST, the preflight and
// the 405s), so no catch-all steps in for one method and not another.
export const config: FunctionRoute = {
  path: ['/mcp', '/v1/mcp'],
  method: ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'],
};
