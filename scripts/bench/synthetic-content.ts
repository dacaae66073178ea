/**
 * A seeded synthetic catalogue for the benchmark: N skills of about 400 words with full front matter
 * and N/10 bundles, written outside the repository's content/. Each body has what editors write:
 * headings, emphasis, a list, a link, a fenced code block and a small table. Same seed, same bytes.
 */
import { mkdir, rm, writeFile, copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CLUSTER_IDS } from '../../core/types.ts';

const WORDS = (
  'customer interview problem pricing anchor value segment launch channel onboarding activation habit retention ' +
  'positioning category competitor alternative evidence experiment hypothesis metric cohort funnel signal ' +
  'prototype design usability feedback roadmap release backlog outcome discovery opportunity solution assumption ' +
  'willingness revenue tier package discount trial conversion message audience story proof referral community'
).split(' ');

/** Mulberry32: small, fast, and the same sequence on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SyntheticOptions {
  skills: number;
  seed?: number;
}

export async function writeSyntheticContent(dir: string, { skills, seed = 42 }: SyntheticOptions, templateDir: string): Promise<void> {
  const writer = writerOf(random(seed));
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'skills'), { recursive: true });
  await mkdir(join(dir, 'bundles'), { recursive: true });
  await copyFile(join(templateDir, 'site.yaml'), join(dir, 'site.yaml'));
  await copyFile(join(templateDir, 'clusters.yaml'), join(dir, 'clusters.yaml'));

  const slugs = Array.from({ length: skills }, (_, i) => syntheticSlug(i));
  const files: [string, string][] = slugs.map((slug, i) => [join(dir, 'skills', `${slug}.md`), writer.skillFile(i)]);
  for (let b = 0; b < Math.floor(skills / 10); b++) {
    const members = new Set<string>();
    const size = 2 + Math.floor(writer.rand() * 4);
    while (members.size < size) members.add(writer.pick(slugs));
    files.push([join(dir, 'bundles', `bundle-${String(b).padStart(4, '0')}.md`), writer.bundleFile(b, [...members])]);
  }
  for (let i = 0; i < files.length; i += 256) {
    await Promise.all(files.slice(i, i + 256).map(([path, text]) => writeFile(path, text)));
  }
}

/** The slug of the generator's skill `i`: its file is skills/<slug>.md. */
export const syntheticSlug = (i: number) => `skill-${String(i).padStart(5, '0')}`;

/** Skill `i` as the generator writes one, from a sequence of its own (so it is the same whatever the
 * catalogue's size and whatever was written before it), and never a draft: a skill an editor adds
 * to the catalogue, which the bench's added-skill edit writes. */
export function syntheticSkillFile(i: number, seed = 42): string {
  return writerOf(random((seed ^ Math.imul(i + 1, 0x9e3779b1)) >>> 0)).skillFile(i, { published: true });
}

/** The files' writers, drawing on one sequence: the catalogue's bytes are the order of its draws. */
function writerOf(rand: () => number) {
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)];
  const words = (count: number) => Array.from({ length: count }, () => pick(WORDS)).join(' ');
  const sentence = (count: number) => {
    const text = words(count);
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };

  /** `published`: a draft's draw is made, and its line left out. */
  function skillFile(i: number, { published = false } = {}): string {
    const first = pick(CLUSTER_IDS);
    const second = rand() < 0.35 ? pick(CLUSTER_IDS.filter((id) => id !== first)) : undefined;
    const kind = rand() < 0.7 ? 'command' : 'reference';
    const commands = kind === 'command' ? [`/${pick(WORDS)}-${i}`, `/${pick(WORDS)}-${i}-check`] : [];
    const source = rand() < 0.75
      ? `source:\n  year: ${1995 + Math.floor(rand() * 30)}\n  edition: ${rand() < 0.3 ? '"2nd edition"' : 'null'}\n  isbn: ${rand() < 0.5 ? `"978${String(Math.floor(rand() * 1e10)).padStart(10, '0')}"` : 'null'}\n  buy_url: https://books.example/${i}\n  buy_label: ${JSON.stringify(`Buy ${sentence(3)}`)}\n`
      : '';
    const paragraphs = Array.from({ length: 5 }, () => Array.from({ length: 4 }, () => sentence(18)).join(' '));
    const body = [
      paragraphs[0],
      `## How it ${pick(WORDS)}s`,
      paragraphs[1],
      `- ${sentence(6)}\n- ${sentence(7)}\n- **${words(2)}** ${sentence(5)}`,
      paragraphs[2],
      `Read [the ${pick(WORDS)} notes](https://notes.example/${i}) and *${words(3)}*.`,
      paragraphs[3],
      `\`\`\`sh\n/${pick(WORDS)}-${i} --${pick(WORDS)} "${words(3)}"\n# ${sentence(5)}\n\`\`\``,
      `| ${pick(WORDS)} | ${pick(WORDS)} |\n| --- | --- |\n| ${words(2)} | ${words(3)} |\n| ${words(2)} | ${words(3)} |`,
      paragraphs[4],
    ].join('\n\n');
    return `---
title: ${JSON.stringify(sentence(4).slice(0, -1))}
author: ${JSON.stringify(`${pick(WORDS)} ${pick(WORDS)}`)}
problem: ${JSON.stringify(sentence(12))}
outcome: ${JSON.stringify(sentence(10))}
summary: ${JSON.stringify(sentence(20))}
clusters: [${[first, second].filter(Boolean).join(', ')}]
kind: ${kind}
commands: [${commands.join(', ')}]
you_get:
  - ${JSON.stringify(sentence(8))}
  - ${JSON.stringify(sentence(8))}
  - ${JSON.stringify(sentence(8))}
wont_do:
  - ${JSON.stringify(sentence(6))}
${source}${rand() < 0.2 ? `price_cents: ${pick([900, 2400, 2900, 4900])}\n` : ''}${rand() < 0.3 ? `order: ${Math.floor(rand() * 20)}\n` : ''}${rand() < 0.02 && !published ? 'draft: true\n' : ''}---
${body}
`;
  }

  function bundleFile(b: number, members: string[]): string {
    return `---
title: ${JSON.stringify(`Bundle ${b}: ${sentence(3).slice(0, -1)}`)}
problem: ${JSON.stringify(sentence(10))}
blurb: ${JSON.stringify(sentence(12))}
why: ${JSON.stringify(sentence(15))}
skills: [${members.join(', ')}]
---
${Array.from({ length: 3 }, () => sentence(20)).join(' ')}
`;
  }

  return { rand, pick, skillFile, bundleFile };
}
