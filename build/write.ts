/** Write: every file into a fresh sibling folder, then swap it in. A failed build never touches dist/. */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { OutputFile } from './emit/types.ts';

const WRITE_BATCH = 64;

export async function writeAtomically(files: readonly OutputFile[], outDir: string): Promise<void> {
  assertUniquePaths(files);
  const staging = `${outDir}.staging-${process.pid}-${Date.now()}`;
  const retired = `${outDir}.retired-${process.pid}-${Date.now()}`;
  try {
    const dirs = new Set(files.map((file) => dirname(join(staging, file.path))));
    for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
    await mkdir(staging, { recursive: true });
    for (let i = 0; i < files.length; i += WRITE_BATCH) {
      await Promise.all(files.slice(i, i + WRITE_BATCH).map((file) => writeFile(join(staging, file.path), file.bytes)));
    }
    const hadPrevious = await rename(outDir, retired).then(() => true, (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    });
    try {
      await rename(staging, outDir);
    } catch (error) {
      if (hadPrevious) await rename(retired, outDir);
      throw error;
    }
    if (hadPrevious) await rm(retired, { recursive: true, force: true });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Small files outside dist/ (the function's build constants): written whole or not at all. */
export async function writeFileAtomically(path: string, bytes: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
}

function assertUniquePaths(files: readonly OutputFile[]): void {
  const seen = new Set<string>();
  for (const { path } of files) {
    if (seen.has(path)) throw new Error(`Two emitters wrote dist/${path}`);
    seen.add(path);
  }
}
