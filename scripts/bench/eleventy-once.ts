/**
 * The reference contestant of the benchmark: Eleventy (pinned in package.json) building the same
 * synthetic catalogue into its own artifacts, a page per skill and bundle through a layout that
 * shows the same facts as ours (title, author, summary, problem and outcome, what you get and what
 * it won't do, commands, clusters, the body as HTML) and a JSON file per item, in a process of its
 * own. Prints one JSON line: wall time, start-up, CPU time and peak RSS, like build-once.ts.
 * Usage: tsx scripts/bench/eleventy-once.ts <contentDir> <workDir>
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Eleventy from '@11ty/eleventy';

const [contentDir, workDir] = process.argv.slice(2);
const input = join(workDir, 'input');
const output = join(workDir, 'out');
rmSync(workDir, { recursive: true, force: true });
// Eleventy reads templates and layouts from its input folder: a copy, so the content stays as it was.
cpSync(join(contentDir, 'skills'), join(input, 'skills'), { recursive: true });
cpSync(join(contentDir, 'bundles'), join(input, 'bundles'), { recursive: true });
mkdirSync(join(input, '_includes'), { recursive: true });

const LIST = (field: string, heading: string) =>
  `{% if ${field} and ${field}.length %}<section><h2>${heading}</h2><ul>{% for line in ${field} %}<li>{{ line }}</li>{% endfor %}</ul></section>{% endif %}`;
writeFileSync(join(input, '_includes/item.njk'), `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }} · Skill Shelf</title><meta name="description" content="{{ summary or blurb }}">
<link rel="canonical" href="https://skillshelf.netlify.app{{ page.url }}"><link rel="stylesheet" href="/assets/site.css"></head>
<body><a class="skip-link" href="#main">Skip to content</a>
<header class="site-header"><a class="brand" href="/">Skill Shelf</a></header>
<main id="main"><div class="wrap">
<header class="intro"><h1>{{ title }}</h1>{% if author %}<p class="byline">by {{ author }}</p>{% endif %}{% if summary %}<p class="lead">{{ summary }}</p>{% endif %}</header>
<dl class="facts">{% if problem %}<dt>Problem</dt><dd>{{ problem }}</dd>{% endif %}{% if outcome %}<dt>Outcome</dt><dd>{{ outcome }}</dd>{% endif %}{% if why %}<dt>Why</dt><dd>{{ why }}</dd>{% endif %}</dl>
${LIST('commands', 'Commands')}${LIST('you_get', 'You get')}${LIST('wont_do', 'Won’t do')}${LIST('clusters', 'Clusters')}${LIST('skills', 'Skills')}
<section><h2>About</h2><div class="prose">{{ content | safe }}</div></section>
</div></main><footer class="site-footer"><p>Prices are net, in euro; VAT is added at checkout.</p></footer></body></html>
`);
// The JSON twin of every item, from its front matter.
writeFileSync(join(input, 'item-json.njk'), `---
pagination:
  data: collections.all
  size: 1
  alias: item
permalink: "{{ item.page.filePathStem }}.json"
eleventyExcludeFromCollections: true
layout: false
---
{{ { title: item.data.title, author: item.data.author, summary: item.data.summary, problem: item.data.problem, outcome: item.data.outcome, clusters: item.data.clusters, kind: item.data.kind, commands: item.data.commands, you_get: item.data.you_get, wont_do: item.data.wont_do, skills: item.data.skills, url: item.page.url } | dump | safe }}
`);

const cpuBefore = process.cpuUsage();
const started = performance.now();
const eleventy = new Eleventy(input, output, {
  quietMode: true,
  config(config) {
    config.setTemplateFormats(['md', 'njk']);
    config.addGlobalData('layout', 'item.njk');
  },
});
await eleventy.write();
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
console.log(JSON.stringify({ wallMs, startupMs: started, cpuMs: (cpu.user + cpu.system) / 1000, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
