/**
 * `npm test`'s first step: the system tools the tests run, looked for before vitest starts, so that a
 * machine without them stops at once, naming the command that installs them, rather than each
 * browser file failing at Chromium's launch after its build. Exits 1 when one is missing.
 * `--packages` prints the packages of the missing ones instead (what `.ci/run` installs) and exits 0.
 * Node's built-ins only: `.ci/run` runs it before `npm ci`.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_PACKAGE, chromiumPath } from './chromium.ts';
import { PREFLIGHT_OPTIONS } from './preflight-options.ts';

/** Where the tests find a tool: a file (as playwright-core takes it), or a command on PATH (as execFile runs it). */
type Place = { file: string } | { command: string };

export interface SystemTool {
  name: string;
  /** What needs it, for the message. */
  usedBy: string;
  /** The Debian package that installs it. */
  package: string;
  place(env: NodeJS.ProcessEnv): Place;
  /** Another way to provide it. */
  otherwise?: string;
}

export const SYSTEM_TOOLS: readonly SystemTool[] = [
  { name: 'Chromium', usedBy: 'the browser tests and Lighthouse', package: CHROMIUM_PACKAGE, place: (env) => ({ file: chromiumPath(env) }),
    otherwise: 'or set CHROMIUM_PATH to another Chromium' },
  { name: 'xmllint', usedBy: "the sitemap's XSD validation and the Atom feeds' RELAX NG validation", package: 'libxml2-utils', place: () => ({ command: 'xmllint' }) },
  { name: 'trang', usedBy: "turning RFC 4287's compact Atom schema into the one xmllint reads", package: 'trang', place: () => ({ command: 'trang' }) },
];

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function isThere(place: Place, env: NodeJS.ProcessEnv): boolean {
  if ('file' in place) return executable(resolve(place.file));
  return (env.PATH ?? '').split(delimiter).filter(Boolean).some((dir) => executable(join(dir, place.command)));
}

export const missingTools = (env: NodeJS.ProcessEnv = process.env): SystemTool[] => SYSTEM_TOOLS.filter((tool) => !isThere(tool.place(env), env));

export const installCommand = (tools: readonly SystemTool[]): string => `sudo apt-get install ${tools.map((tool) => tool.package).join(' ')}`;

/** What is missing, where it was looked for, and the one command that installs it all. */
export function missingReport(missing: readonly SystemTool[], env: NodeJS.ProcessEnv = process.env): string {
  const where = (tool: SystemTool) => {
    const place = tool.place(env);
    return 'file' in place ? `no executable at ${place.file}` : `no ${place.command} on PATH`;
  };
  return [
    'npm test needs system tools this machine lacks:',
    ...missing.map((tool) => `  ${tool.name}, for ${tool.usedBy}: ${where(tool)}${tool.otherwise ? ` (${tool.otherwise})` : ''}`),
    `Install them with: ${installCommand(missing)}`,
  ].join('\n');
}

if (import.meta.main) {
  const { values } = parseArgs({ options: PREFLIGHT_OPTIONS, strict: true });
  const missing = missingTools();
  if (values.packages) console.log(missing.map((tool) => tool.package).join(' '));
  else if (missing.length > 0) {
    console.error(missingReport(missing));
    process.exitCode = 1;
  }
}
