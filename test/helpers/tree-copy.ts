/** A copy of the project as a fresh checkout has it, for commands that write where they run (dist/, .netlify/). */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

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
  // (node_modules/.cache) is its own and never touches the one of this tree.
  mkdirSync(join(target, 'node_modules'));
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry !== '.cache') symlinkSync(join(ROOT, 'node_modules', entry), join(target, 'node_modules', entry));
  }
}
