/**
 * The official MCP Inspector's CLI (a client this project did not write, pinned in package.json)
 * against `/mcp` on `netlify dev`: the tools' schemas (--strict), a tool's structuredContent against
 * its declared outputSchema, the resource templates, a twin read as a resource, the shop's skill
 * listed and fetched with the Inspector's own conformance and digest checks, and the error paths.
 * Then the same skill on the web: the discovery index's digest against the file served. Each call
 * is recorded to test/artifacts/inspector-transcript.md (command, exit code, what it printed).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentSkillsIndex } from '../../core/agent-skills.ts';
import { MCP_PATH, TOOL_NAMES } from '../../core/mcp/names.ts';
import { AGENT_SKILLS_INDEX_FILE, publishedPath } from '../../core/published-files.ts';
import { distCatalog, distStamp } from '../helpers/dist.ts';
import { httpRequest } from '../helpers/http.ts';
import { serverUrl } from '../helpers/server.ts';

const ARTIFACTS = join(import.meta.dirname, '../artifacts');
const INSPECTOR = join(import.meta.dirname, '../../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');
const endpoint = `${serverUrl}${MCP_PATH}`;
const catalog = distCatalog();
const stamp = distStamp();
// The Inspector keeps a catalogue of servers and OAuth state under its home: a fresh one per run.
const home = mkdtempSync(join(tmpdir(), 'inspector-home-'));

interface Run {
  args: string[];
  code: number;
  stdout: string;
  stderr: string;
}

const runs: Run[] = [];

/** One Inspector CLI call against the served endpoint. */
function inspector(...args: string[]): Promise<Run> {
  const full = ['--cli', endpoint, '--transport', 'http', ...args];
  return new Promise((resolve) => {
    execFile(process.execPath, [INSPECTOR, ...full], { env: { ...process.env, HOME: home, NO_COLOR: '1' }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      const run = { args: full, code, stdout, stderr };
      runs.push(run);
      resolve(run);
    });
  });
}

/** `--format json` prints one object, the answer under `result`. */
const json = (run: Run) => JSON.parse(run.stdout).result;
/** `--verify` prints one JSON report per skill, one per line. */
const reports = (run: Run) => run.stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line));

afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, 'inspector-transcript.md'), [
    `# MCP Inspector CLI against netlify dev (${runs.length} calls)`,
    '',
    ...runs.flatMap((run) => [
      `## inspector ${run.args.slice(4).join(' ')} → exit ${run.code}`,
      '',
      '```console',
      `$ mcp-inspector ${run.args.map((arg) => (/[\s"'<>]/.test(arg) ? `'${arg}'` : arg)).join(' ')}`,
      run.stdout.trimEnd(),
      ...(run.stderr.trim() ? ['--- stderr', run.stderr.trimEnd()] : []),
      '```',
      '',
    ]),
  ].join('\n'));
});

const index = async (): Promise<AgentSkillsIndex> => JSON.parse((await httpRequest(`${serverUrl}${publishedPath(AGENT_SKILLS_INDEX_FILE)}`)).text);

describe('the MCP Inspector CLI against /mcp', () => {
  it('finds no schema problem in tools/list --strict', async () => {
    const run = await inspector('--method', 'tools/list', '--strict', '--format', 'json');
    expect(run.code, run.stderr).toBe(0);
    expect(json(run).tools.map((tool: { name: string }) => tool.name)).toEqual([...TOOL_NAMES]);
  });

  it("calls get_skill, whose structuredContent validates with ajv against the tool's declared outputSchema", async () => {
    const listed = json(await inspector('--method', 'tools/list', '--format', 'json'));
    const outputSchema = listed.tools.find((tool: { name: string }) => tool.name === 'get_skill').outputSchema;
    const run = await inspector('--method', 'tools/call', '--tool-name', 'get_skill', '--tool-arg', `slug=${catalog.skills[0].slug}`, '--format', 'json');
    expect(run.code, run.stderr).toBe(0);
    const result = json(run);
    expect(result.isError).not.toBe(true);
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(outputSchema);
    expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
    expect(result.structuredContent.skill.slug).toBe(catalog.skills[0].slug);
  });

  it('lists the resource templates: the twins by kind and the skills extension', async () => {
    const run = await inspector('--method', 'resources/templates/list', '--format', 'json');
    expect(run.code, run.stderr).toBe(0);
    const templates = json(run).resourceTemplates.map((template: { uriTemplate: string }) => template.uriTemplate);
    expect(templates).toEqual(expect.arrayContaining([`${stamp.baseUrl}/skills/{slug}.md`, `${stamp.baseUrl}/bundles/{slug}.md`, `${stamp.baseUrl}/clusters/{id}.md`]));
  });

  it("reads a skill's Markdown twin as a resource, the bytes the site serves", async () => {
    const skill = catalog.skills[0];
    const run = await inspector('--method', 'resources/read', '--uri', skill.markdown_url, '--format', 'json');
    expect(run.code, run.stderr).toBe(0);
    const served = await httpRequest(`${serverUrl}${new URL(skill.markdown_url).pathname}`);
    expect(json(run).contents).toEqual([{ uri: skill.markdown_url, mimeType: 'text/markdown', text: served.text }]);
  });

  it('lists the skills and verifies each with digests required (skills/list --verify --require-digests)', async () => {
    const run = await inspector('--method', 'skills/list', '--verify', '--require-digests');
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const [entry] = (await index()).skills;
    expect(reports(run)).toEqual([expect.objectContaining({ uri: entry.url, name: entry.name, outcome: 'verified', ok: true, conformance: [], frontmatter: [] })]);
    expect(reports(run)[0].files).toEqual([expect.objectContaining({ uri: entry.url, status: 'verified', actualDigest: entry.digest, expectedDigest: entry.digest })]);
  });

  it('gets the skill by its address and verifies it (skills/get --verify --require-digests), on the newest revision too', async () => {
    const [entry] = (await index()).skills;
    for (const era of ['legacy', 'modern']) {
      const run = await inspector('--method', 'skills/get', '--uri', entry.url, '--verify', '--require-digests', '--protocol-era', era);
      expect(run.code, `${era}: ${run.stdout}\n${run.stderr}`).toBe(0);
      expect(reports(run).map((report) => report.outcome), era).toEqual(['verified']);
    }
  });

  it('refuses an unknown skill and an unknown resource, naming them', async () => {
    const [entry] = (await index()).skills;
    const skill = await inspector('--method', 'skills/get', '--uri', entry.url.replace(/[^/]+\/SKILL\.md$/, 'no-such-skill/SKILL.md'));
    expect(skill.code).not.toBe(0);
    expect(skill.stderr).toContain('no-such-skill/SKILL.md');
    const { slug, markdown_url } = catalog.skills[0];
    const resource = await inspector('--method', 'resources/read', '--uri', markdown_url.replace(`${slug}.md`, `${slug}x.md`));
    expect(resource.code).not.toBe(0);
    expect(resource.stderr).toContain(`Did you mean ${markdown_url}?`);
  });
});

describe('the Agent Skills index on the web', () => {
  it('is static JSON with the header set, and its digest is the SHA-256 of the file served at its url', async () => {
    const reply = await httpRequest(`${serverUrl}${publishedPath(AGENT_SKILLS_INDEX_FILE)}`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(reply.headers['x-build-version']).toBe(stamp.buildVersion);
    const catalogHeaders = (await httpRequest(`${serverUrl}/version.json`)).headers;
    expect(reply.headers['cache-control']).toBe(catalogHeaders['cache-control']);
    const { skills } = JSON.parse(reply.text) as AgentSkillsIndex;
    expect(skills.length).toBeGreaterThan(0);
    for (const skill of skills) {
      const served = await fetch(`${serverUrl}${new URL(skill.url).pathname}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^text\/markdown/);
      expect(skill.digest).toBe(`sha256:${createHash('sha256').update(Buffer.from(await served.arrayBuffer())).digest('hex')}`);
    }
  });
});
