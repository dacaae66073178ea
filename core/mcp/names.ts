/**
 * The MCP endpoint and its tools by name: one home for the server, llms.txt, the API guide's client
 * snippet and the tests. No SDK here, so the build can import it without loading the server.
 */

/** Where the server answers. The function's `config.path` repeats it as a literal (Netlify reads
 * configs without running them); test/mcp.test.ts holds the two together. */
export const MCP_PATH = '/mcp';

export const TOOL_NAMES = ['search_skills', 'get_skill', 'get_bundle', 'list_clusters'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export const isToolName = (name: string): name is ToolName => (TOOL_NAMES as readonly string[]).includes(name);
