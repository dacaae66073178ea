/**
 * The shop's own Agent Skill as the build writes it: a SKILL.md an agent can load (agentskills.io:
 * front matter with a valid name and a description, then instructions) made from the catalogue's
 * own facts, and the discovery index (Agent Skills Discovery RFC, v0.2.0) whose digest is of the
 * file's exact bytes, linked from llms.txt.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { AGENT_SKILLS_SCHEMA } from '../../core/agent-skills.ts';
import type { AgentSkillsIndex } from '../../core/agent-skills.ts';
import { TOOL_NAMES } from '../../core/mcp/names.ts';
import { PRICES_IN_CENTS_NOTE } from '../../core/pricing.ts';
import { TAX_NOTE } from '../../core/types.ts';
import { AGENT_SKILLS_INDEX_FILE, publishedPath } from '../../core/published-files.ts';
import type { Catalog, ClusterList } from '../../core/types.ts';
import { DIST, baseUrl, read } from './dist.ts';

const index = JSON.parse(read(AGENT_SKILLS_INDEX_FILE)) as AgentSkillsIndex;
const base = baseUrl();

describe('the Agent Skills index', () => {
  it('lists one skill-md entry per skill, at this site, with the SHA-256 of the bytes written', () => {
    expect(index.$schema).toBe(AGENT_SKILLS_SCHEMA);
    expect(index.skills).toHaveLength(1);
    for (const skill of index.skills) {
      expect(Object.keys(skill).sort()).toEqual(['description', 'digest', 'name', 'type', 'url']);
      expect(skill.type).toBe('skill-md');
      expect(skill.url).toBe(`${base}/.well-known/agent-skills/${skill.name}/SKILL.md`);
      const bytes = readFileSync(join(DIST, new URL(skill.url).pathname));
      expect(skill.digest).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
    }
  });

  it('is linked from llms.txt', () => {
    expect(read('llms.txt')).toContain(`(${base}${publishedPath(AGENT_SKILLS_INDEX_FILE)})`);
  });
});

describe("the shop's SKILL.md", () => {
  const [entry] = index.skills;
  const text = read(new URL(entry.url).pathname.slice(1));
  const [, matter, body] = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(text) ?? [];

  it('has the front matter agentskills.io asks for, the same as the index says', () => {
    const fields = parseYaml(matter) as Record<string, string>;
    expect(Object.keys(fields)).toEqual(['name', 'description']);
    expect(fields.name).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(fields.name.length).toBeLessThanOrEqual(64);
    expect([...fields.description].length).toBeLessThanOrEqual(1024);
    expect(fields).toEqual({ name: entry.name, description: entry.description });
  });

  it("teaches the catalogue's own facts: every cluster, the endpoints and tools, the price note, the links to hand over", () => {
    const clusters = (JSON.parse(read('clusters/index.json')) as ClusterList).clusters;
    for (const cluster of clusters) expect(body).toContain(`\`${cluster.id}\`: ${cluster.label}.`);
    for (const cluster of clusters) expect(body).toContain(cluster.markdown_url);
    for (const name of TOOL_NAMES) expect(body).toContain(`\`${name}\``);
    for (const endpoint of [`${base}/search.json`, `${base}/catalog.json`, `${base}/mcp`]) expect(body).toContain(endpoint);
    expect(body).toContain(PRICES_IN_CENTS_NOTE);
    expect(body).toContain(TAX_NOTE);
    // Said once for cents and once for quoting, never the same sentence twice.
    expect(body.split(TAX_NOTE)).toHaveLength(3);
    for (const field of ['url', 'markdown_url', 'install_url', 'cart_url']) expect(body).toContain(`\`${field}\``);
  });

  it("names no paid skill's files: it describes the catalogue, and says the files are for buyers", () => {
    const catalog = JSON.parse(read('catalog.json')) as Catalog;
    for (const skill of catalog.skills) expect(text).not.toContain(skill.slug);
    expect(body).toMatch(/paid skills' own files are for buyers only/);
  });
});
