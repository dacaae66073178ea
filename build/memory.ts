/**
 * A full garbage collection on request. The build allocates most of its garbage while loading
 * (every file's text) and writing the JSON twins, then starts render workers; V8 left alone keeps
 * that garbage until memory runs short, and the process's peak becomes garbage plus workers.
 * Collecting once between the phases keeps the peak at what is alive.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
