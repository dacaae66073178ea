/**
 * One Node major everywhere: the `node` package that npm scripts put first on PATH (builds, tests,
 * `netlify dev`), `engines`, `.nvmrc` for people's shells, and `NODE_VERSION` in netlify.toml, which
 * Netlify uses for the build image and, through @netlify/zip-it-and-ship-it, for the functions'
 * runtime (nodejs<major>.x on AWS Lambda).
 */
import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { getNodeRuntime } from '../node_modules/@netlify/zip-it-and-ship-it/dist/runtimes/node/utils/node_runtime.js';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const packageJson = JSON.parse(read('package.json')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version?: string }> };
const netlifyToml = parseToml(read('netlify.toml')) as { build: { environment: Record<string, string> } };

const majorOf = (version: string) => Number(/^v?(\d+)/.exec(version.trim())?.[1]);
const pinnedVersion = packageJson.devDependencies.node;
const pinnedMajor = majorOf(pinnedVersion);

describe('the pinned Node major', () => {
  it('is a current LTS line (Node 20 is past end of life and cannot be deployed to AWS Lambda)', () => {
    expect(pinnedMajor).toBeGreaterThanOrEqual(24);
    expect(pinnedMajor % 2, 'only even majors become LTS').toBe(0);
  });

  it('is an exact version, and the one package-lock.json installs', () => {
    expect(pinnedVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(lock.packages['node_modules/node']?.version).toBe(pinnedVersion);
  });

  it('is the major this test runs on: npm scripts put the pinned binary first on PATH', () => {
    expect(majorOf(process.versions.node)).toBe(pinnedMajor);
  });

  it('is the major netlify.toml gives Netlify for builds and functions', () => {
    expect(majorOf(netlifyToml.build.environment.NODE_VERSION)).toBe(pinnedMajor);
  });

  it('maps to a function runtime that the functions bundler knows', () => {
    expect(getNodeRuntime(netlifyToml.build.environment.NODE_VERSION)).toBe(`nodejs${pinnedMajor}.x`);
  });

  it('is the major .nvmrc names', () => {
    expect(majorOf(read('.nvmrc'))).toBe(pinnedMajor);
  });

  it('is the only major `engines` accepts', () => {
    expect(packageJson.engines.node).toBe(`>=${pinnedMajor} <${pinnedMajor + 1}`);
  });
});
