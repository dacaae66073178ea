/**
 * The Agent Skills this site publishes, as the discovery index lists them (Cloudflare's Agent
 * Skills Discovery RFC, v0.2.0): written by the build (site/agent-skill.ts), read by the MCP
 * endpoint, which serves the same files with the same digests through the Skills extension.
 */
import { AGENT_SKILLS_DIR, publishedPath } from './published-files.ts';

/** The RFC's schema for v0.2.0 indexes. */
export const AGENT_SKILLS_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

export interface AgentSkillsIndexEntry {
  name: string;
  /** `skill-md`: `url` is the skill's SKILL.md itself (the RFC's other type is an archive). */
  type: 'skill-md';
  description: string;
  url: string;
  /** `sha256:` and the hex SHA-256 of the bytes served at `url`. */
  digest: string;
}

export interface AgentSkillsIndex {
  $schema: string;
  skills: AgentSkillsIndexEntry[];
}

/** A published skill: its index entry and its SKILL.md as served. */
export interface PublishedSkill {
  entry: AgentSkillsIndexEntry;
  text: string;
}

/** Where the skills' folders are: every skill's files are under this address. */
export const agentSkillsBase = (baseUrl: string): string => `${baseUrl}${publishedPath(AGENT_SKILLS_DIR)}/`;
