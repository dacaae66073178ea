/** Install pages: `/install/<slug>` and its Markdown twin for each skill. Its JSON twin is the skill's. */
import type { Skill } from '../../core/types.ts';
import { installRef, skillKind, skillRef } from './skill.ts';
import type { PageFrame, TwinFrame } from './frame.ts';
import { h } from 'hastscript';
import type { Element } from 'hast';
import { cartUrl } from '../../core/url-template.ts';
import { renderPage } from '../html/layout.ts';
import { SCROLLING_BLOCK_PROPERTIES } from '../render/scrolling-block.ts';
import { clusterPath, kindLabel, price, section } from '../html/parts.ts';
import { frontMatter, twinDocument } from '../markdown/document.ts';
import { code, facts, heading, link, paragraph } from '../markdown/mdast.ts';
import type { Block } from '../markdown/mdast.ts';
import { formatEuro } from '../render/format.ts';
import type { SubpageKind } from './kind.ts';

/**
 * `/install/<slug>`, a skill's install page, and its Markdown twin `/install/<slug>.md`: how to get
 * the skill and add it to an agent. The API's `install_url` names it, so the "Install" link of
 * every page, twin and client leads to a page this site serves. Its JSON twin is the skill's.
 *
 * What it says follows Claude Code's documentation of skills (https://code.claude.com/docs/en/skills):
 * a skill is a folder holding `SKILL.md`, in the open Agent Skills format (https://agentskills.io);
 * Claude Code reads personal skills from `~/.claude/skills/<name>/` and a project's from
 * `.claude/skills/<name>/`. The site delivers no skill file itself (the specification: skill files
 * go to buyers only), so the page says where the folder goes, not how to fetch it; the one command
 * that fetches something fetches what the site does publish, the skill's Markdown twin.
 */
/** The open format Claude Code's skills follow, read by other agents too. */
export const AGENT_SKILLS_URL = 'https://agentskills.io';
/** The file at the top of every skill's folder. */
export const SKILL_FILE = 'SKILL.md';
/** Where the shell commands assume the delivered folder was unpacked; the page says so. */
const DOWNLOADED = '~/Downloads';

/** A sentence (inline code in backticks) or shell commands. */
export type Part = string | { sh: string };

/** What the page says, step by step, as plain data, so the HTML page and its twin say the same. */
interface Step {
  id: string;
  heading: string;
  parts: Part[];
}

export function steps(frame: TwinFrame, skill: Skill): Step[] {
  const folder = skill.slug;
  const use = skill.commands.length > 0
    ? `Then start a new Claude Code session in the project and type one of its commands: ${skill.commands.map((command) => `\`${command}\``).join(', ')}.`
    : 'It adds no command: start a new Claude Code session in the project, and Claude reads the skill when the work calls for it, or when you name it.';
  return [
    {
      id: 'get',
      heading: '1. Get the skill',
      parts: [`Skill files are delivered to buyers; this site publishes what each skill does, not its files. What you receive is a folder named \`${folder}\` with \`${SKILL_FILE}\` at its top.`],
    },
    {
      id: 'add',
      heading: '2. Add it to Claude Code',
      parts: [
        `For one project (commit the folder to share it with your team), copy it into the project's \`.claude/skills\`; the commands assume you unpacked it in \`${DOWNLOADED}\`:`,
        { sh: `mkdir -p .claude/skills\ncp -R ${DOWNLOADED}/${folder} .claude/skills/` },
        'Or, for every project of yours on this computer, into your home folder:',
        { sh: `mkdir -p ~/.claude/skills\ncp -R ${DOWNLOADED}/${folder} ~/.claude/skills/` },
      ],
    },
    {
      id: 'check',
      heading: '3. Check it is there',
      parts: [
        'This lists the file when the folder sits where Claude Code looks (write `~/.claude` for your home folder):',
        { sh: `ls .claude/skills/${folder}/${SKILL_FILE}` },
        use,
      ],
    },
    {
      id: 'other-agents',
      heading: 'Other agents',
      parts: ['Claude Code skills follow the open Agent Skills format, which other coding agents read too: put the same folder in the skills folder your agent’s documentation names.'],
    },
    {
      id: 'read-first',
      heading: 'Let your agent read about it first',
      parts: [
        'The skill’s Markdown twin describes it for agents (what it does, its commands, what it won’t do):',
        { sh: `curl -fsSL ${skillRef(frame.site.baseUrl, skill).markdownUrl}` },
      ],
    },
  ];
}

/** Backticks in a sentence as inline code, the rest as text. */
export function inline<T>(line: string, text: (value: string) => T, codeOf: (value: string) => T): T[] {
  return line.split('`').flatMap((part, i) => (part === '' ? [] : [i % 2 === 1 ? codeOf(part) : text(part)]));
}

/** `/install/<slug>`: the install page of a skill, its steps (steps.ts) beside the price and cart. */
/** Search results cut a title past about 70 characters (html-validate's long-title rule says so
 * too), and "Install " already makes this one longer than its skill's: past it, the shop's name is left out. */
const TITLE_LIMIT = 70;
const documentTitle = (title: string, siteName: string): string => {
  const full = `${title} · ${siteName}`;
  return full.length <= TITLE_LIMIT ? full : title;
};

export function installHtml(frame: PageFrame, skill: Skill): string {
  const page = installRef(frame.site.baseUrl, skill);
  const skillPage = skillRef(frame.site.baseUrl, skill);
  const cart = cartUrl(frame.site.shop, 'skill', skill.slug);
  const partOf = (part: Part): Element =>
    typeof part === 'string'
      ? h('p', inline<Element | string>(part, (value) => value, (value) => h('code', value)))
      : h('pre', SCROLLING_BLOCK_PROPERTIES, h('code', { className: ['language-sh'] }, part.sh));
  const first = skill.clusters[0];
  return renderPage(frame, {
    page,
    title: documentTitle(page.title, frame.site.name),
    description: page.description,
    breadcrumbs: [
      { label: 'Catalogue', href: '/' },
      { label: first.label, href: clusterPath(first.id) },
      { label: skill.title, href: skillPage.path },
      { label: 'Install' },
    ],
    content: [
      h('header.intro', [
        h('p.eyebrow', kindLabel(skill)),
        h('h1', page.title),
        h('p.lead', [
          'A skill is a folder with ', h('code', SKILL_FILE), ' inside, in the open ', h('a', { href: AGENT_SKILLS_URL, rel: 'external' }, 'Agent Skills'),
          ' format: put it where your agent looks for skills. ', h('a', { href: skillPage.path }, `What ${skill.title} does`), '.',
        ]),
      ]),
      h('div.item', [
        h('aside.buy', { ariaLabelledBy: 'buy-heading' }, [
          h('h2#buy-heading', 'Price'),
          price(skill.price.amount_cents),
          h('p.tax', `${skill.price.tax} (${skill.price.currency})`),
          cart ? h('div.actions', [h('a.button', { href: cart }, 'Add to cart')]) : null,
        ]),
        h('div.item-main', steps(frame, skill).map((step) => section(step.id, step.heading, step.parts.map(partOf)))),
      ]),
    ],
  });
}

/** The Markdown twin of an install page: the same steps (steps.ts), price and cart link. */
export function installTwin(frame: TwinFrame, skill: Skill): string {
  const page = installRef(frame.site.baseUrl, skill);
  const skillPage = skillRef(frame.site.baseUrl, skill);
  const cart = cartUrl(frame.site.shop, 'skill', skill.slug);
  const partOf = (part: Part): Block => (typeof part === 'string' ? paragraph(...inline<Parameters<typeof paragraph>[number]>(part, (value) => value, code)) : { type: 'code', lang: 'sh', value: part.sh });
  const blocks: Block[] = [
    heading(1, page.title),
    paragraph(
      'A skill is a folder with ', code(SKILL_FILE), ' inside, in the open ', link(AGENT_SKILLS_URL, 'Agent Skills'),
      ' format: put it where your agent looks for skills. ', link(skillPage.url, `What ${skill.title} does`), '.',
    ),
    facts([
      ['Price', `${formatEuro(skill.price.amount_cents)} (${skill.price.currency}, ${skill.price.tax})`],
      ...(cart ? [['Add to cart', link(cart, cart)] satisfies Parameters<typeof facts>[0][number]] : []),
    ]),
  ];
  for (const step of steps(frame, skill)) blocks.push(heading(2, step.heading), ...step.parts.map(partOf));
  return twinDocument(frontMatter(frame, page), blocks);
}

export interface InstallPageInput {
  skill: Skill;
}

/** A skill's install page, made with its page: a draft skill's too. */
export const installKind: SubpageKind<InstallPageInput> = {
  type: 'install',
  code: import.meta.url,
  madeWith: skillKind,
  ref: (baseUrl, input) => installRef(baseUrl, input.skill),
  html: (frame, { skill }) => installHtml(frame, skill),
  twin: (frame, { skill }) => installTwin(frame, skill),
  pages: (model) => model.skills.map((entry) => ({ ...installRef(model.site.baseUrl, entry.skill), lastModified: entry.lastModified })),
};
