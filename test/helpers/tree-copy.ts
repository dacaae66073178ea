/** A copy of the project as a fresh checkout has it, for commands that write where they run (dist/, .netlify/). */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse as parseToml } from 'smol-toml';

export const ROOT = join(import.meta.dirname, '../..');

/** The files of the tree as they are on disk, less what git ignores (dist/, .netlify/, node_modules/). */
export function copyTree(target: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(ROOT, file), join(target, file));
  }
  // Installed packages are shared by link, one by one, so the copy's build cache
  // (node_modules/.cache) is its own and never touches the one of this tree. The packages a
  // function names files of (`included_files`) are copied: netlify dev copies those files into the
  // function's folder and recreates the link above them too, and the two collide (EEXIST).
  mkdirSync(join(target, 'node_modules'));
  const copied = packagesNamedByFunctions();
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry === '.cache') continue;
    if (copied.has(entry)) cpSync(join(ROOT, 'node_modules', entry), join(target, 'node_modules', entry), { recursive: true });
    else symlinkSync(join(ROOT, 'node_modules', entry), join(target, 'node_modules', entry));
  }
}

/** The entries of node_modules/ (a package or a scope) that a function's `included_files` names files in. */
function packagesNamedByFunctions(): Set<string> {
  const config = parseToml(readFileSync(join(ROOT, 'netlify.toml'), 'utf8')) as { functions?: Record<string, { included_files?: string[] }> };
  const included = Object.values(config.functions ?? {}).flatMap((settings) => settings.included_files ?? []);
  return new Set(included.filter((file) => file.startsWith('node_modules/')).map((file) => file.split('/')[1]));
}
