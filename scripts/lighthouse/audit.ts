/**
 * Lighthouse (the npm package) against a served copy of the site, on the Chromium that
 * scripts/chromium.ts names, with its defaults: the mobile form factor and simulated throttling (a
 * mid-range phone on a slow 4G connection, computed from one unthrottled load, so two busy cores
 * disturb it least). The pages audited are the overview and one skill, bundle and cluster page;
 * the bound is 95 in each of the four categories.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import type { Catalog } from '../../core/types.ts';
import { clusterRef } from '../../site/pages/cluster.ts';
import { CHROMIUM_FLAGS, chromiumPath } from '../chromium.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Every category, every page: at least this score (Lighthouse's 0–100). */
export const MIN_SCORE = 95;

const CHROMIUM_START_LIMIT_MS = 30_000;

export interface AuditedPage {
  /** What the page is, for the table: `home`, `skill`… */
  name: string;
  /** Root-relative path. */
  path: string;
}

export interface PageScores extends AuditedPage {
  /** Median score (0–100) per category over the runs made. */
  scores: Record<Category, number>;
  runs: number;
}

/** The overview and the first skill, bundle and cluster of the catalogue, in catalogue order. */
export function pagesToAudit(catalog: Catalog): AuditedPage[] {
  const [skill] = catalog.skills;
  const [bundle] = catalog.bundles;
  const cluster = skill?.clusters[0];
  if (!skill || !bundle || !cluster) throw new Error('catalog.json: expected at least one skill, one bundle and one cluster to audit');
  const path = (url: string) => new URL(url).pathname;
  return [
    { name: 'home', path: '/' },
    { name: 'skill', path: path(skill.url) },
    { name: 'bundle', path: path(bundle.url) },
    { name: 'cluster', path: path(clusterRef(catalog.site, cluster).url) },
  ];
}

/**
 * Audits each page once; a page with a category below the bound is audited twice more and each
 * category takes the median of the three runs, so one noisy load on a busy machine does not decide.
 */
export async function auditPages(baseUrl: string, pages: readonly AuditedPage[], { confirmRuns = 3 } = {}): Promise<PageScores[]> {
  const chromium = await launchChromium();
  try {
    const results: PageScores[] = [];
    for (const page of pages) {
      await warmUp(`${baseUrl}${page.path}`);
      const runs = [await auditOnce(chromium.port, `${baseUrl}${page.path}`)];
      if (CATEGORIES.some((category) => runs[0][category] < MIN_SCORE)) {
        while (runs.length < confirmRuns) runs.push(await auditOnce(chromium.port, `${baseUrl}${page.path}`));
      }
      const scores = Object.fromEntries(CATEGORIES.map((category) => [category, median(runs.map((run) => run[category]))])) as Record<Category, number>;
      results.push({ ...page, scores, runs: runs.length });
    }
    return results;
  } finally {
    await chromium.stop();
  }
}

/** Every score under the bound, in words: `skill performance 91 (< 95)`. */
export function shortfalls(results: readonly PageScores[]): string[] {
  return results.flatMap((result) =>
    CATEGORIES.filter((category) => result.scores[category] < MIN_SCORE).map((category) => `${result.name} ${result.path} ${category} ${result.scores[category]} (< ${MIN_SCORE})`),
  );
}

/** A plain-text table: one row per page, one column per category. */
export function scoreTable(results: readonly PageScores[]): string {
  const header = ['page', 'path', ...CATEGORIES, 'runs'];
  const rows = results.map((result) => [result.name, result.path, ...CATEGORIES.map((category) => String(result.scores[category])), String(result.runs)]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/**
 * One load of the page and what its head links, before the audit: the simulation starts from the
 * server's observed response time, and a local server's first answer (a cold file cache, netlify
 * dev starting a function) is no measure of a CDN's.
 */
async function warmUp(url: string): Promise<void> {
  const response = await fetch(url);
  const html = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: nothing to audit`);
  const linked = [...html.matchAll(/<link\b[^>]*\bhref="(\/[^"]*)"/g)].map((match) => new URL(match[1].replaceAll('&#x26;', '&'), url).href);
  await Promise.all(linked.map(async (href) => (await fetch(href)).arrayBuffer()));
}

async function auditOnce(port: number, url: string): Promise<Record<Category, number>> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return Object.fromEntries(CATEGORIES.map((category) => {
    const score = lhr.categories[category]?.score;
    if (typeof score !== 'number') throw new Error(`Lighthouse gave ${url} no ${category} score`);
    return [category, Math.round(score * 100)];
  })) as Record<Category, number>;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
};

interface RunningChromium {
  port: number;
  stop(): Promise<void>;
}

/** Chromium with its DevTools port on loopback, a profile of its own, stopped with its process group. */
async function launchChromium(): Promise<RunningChromium> {
  const binary = chromiumPath();
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-chromium-'));
  const child: ChildProcess = spawn(binary, [...CHROMIUM_FLAGS, '--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      signal('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      signal('SIGKILL');
    }
    rmSync(profile, { recursive: true, force: true });
  };
  process.once('exit', () => signal('SIGKILL'));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`${binary} gave no DevTools port within ${CHROMIUM_START_LIMIT_MS / 1000} s:\n${output}`)), CHROMIUM_START_LIMIT_MS);
      child.once('error', (error) => reject(new Error(`${binary} could not start: ${error.message}`)));
      child.once('exit', (code) => reject(new Error(`${binary} exited with ${code} before it listened:\n${output}`)));
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        // Chromium announces its DevTools endpoint on stderr: `DevTools listening on ws://127.0.0.1:PORT/…`.
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    return { port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
