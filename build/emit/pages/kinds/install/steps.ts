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
import type { Skill } from '../../../../../core/types.ts';
import type { PageFrame } from '../../frame.ts';
import { skillRef } from '../skill/ref.ts';

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

export function steps(frame: PageFrame, skill: Skill): Step[] {
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
