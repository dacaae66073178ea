/** Every Markdown twin: `<page path>.md` beside each HTML page (`index.md` for `/`). */
import type { Emitter, OutputFile } from '../types.ts';
import { bundlePage, clusterPage, homePage, skillPage } from '../html/pages.ts';
import { homeTwin } from './home.ts';
import { skillTwin } from './skill.ts';
import { bundleTwin } from './bundle.ts';
import { clusterTwin } from './cluster.ts';

export const emitMarkdownTwins: Emitter = (model) => [
  { path: homePage(model).markdownFile, bytes: homeTwin(model) },
  ...model.clusters.map((cluster): OutputFile => ({ path: clusterPage(model, cluster).markdownFile, bytes: clusterTwin(model, cluster) })),
  ...model.skills.map((entry): OutputFile => ({ path: skillPage(model, entry).markdownFile, bytes: skillTwin(model, entry) })),
  ...model.bundles.map((entry): OutputFile => ({ path: bundlePage(model, entry).markdownFile, bytes: bundleTwin(model, entry) })),
];
