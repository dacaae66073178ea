/**
 * The MCP Skills extension (`io.modelcontextprotocol/skills`, SEP-2640) over the skills the build
 * published for the web (core/agent-skills.ts): the SDK's `SkillsExtension` serves `skills/list`,
 * `skills/get` and the files through `resources/read`; this module is its source. A skill's URI is
 * its https address, so the file, its address and its digest are the same on the web and over MCP.
 */
import { SkillsExtension, skillEntry } from '@modelcontextprotocol/server/ext/skills';
import type { Skill, SkillSource } from '@modelcontextprotocol/server/ext/skills';
import { agentSkillsBase } from '../agent-skills.ts';
import type { PublishedSkill } from '../agent-skills.ts';
import { SKILL_FILE } from '../published-files.ts';
import { MARKDOWN_MIME_TYPE } from './resources.ts';

/** The web's digest differs from the one of the bytes read: the function must not serve them. */
export class SkillDigestError extends Error {}

interface Served {
  skill: Skill;
  text: string;
}

/** The SDK's entry (digest and size of each file) for each published skill, checked against the index. */
async function servedSkills(published: readonly PublishedSkill[], baseUrl: string): Promise<Served[]> {
  return Promise.all(published.map(async ({ entry, text }) => {
    const skill = await skillEntry(entry.name, { [SKILL_FILE]: text }, { baseUri: agentSkillsBase(baseUrl) });
    const self = Array.isArray(skill.resources) ? skill.resources.find((file) => file.uri === skill.uri) : undefined;
    if (skill.uri !== entry.url || self?.digest !== entry.digest) {
      throw new SkillDigestError(`${entry.url}: the index says ${entry.digest}, the file read is ${self?.digest ?? 'undigested'} at ${skill.uri}`);
    }
    return { skill, text };
  }));
}

/** The extension for these skills; its entries are made on first use and kept with it. */
export function skillsExtension(published: () => Promise<readonly PublishedSkill[]>, baseUrl: string): SkillsExtension {
  let served: Promise<Served[]> | undefined;
  const all = () => (served ??= published().then((skills) => servedSkills(skills, baseUrl)).catch((error: unknown) => {
    served = undefined;
    throw error;
  }));
  const source: SkillSource = {
    // A handful of skills: one page.
    list: async () => ({ skills: (await all()).map(({ skill }) => skill) }),
    get: async (uri) => (await all()).find(({ skill }) => skill.uri === uri)?.skill,
    read: async (uri) => {
      const found = (await all()).find(({ skill }) => skill.uri === uri);
      return found && { text: found.text, mimeType: MARKDOWN_MIME_TYPE };
    },
  };
  return new SkillsExtension({ source, baseUri: agentSkillsBase(baseUrl) });
}
