/** The build layer: dist/ built once from the sample content before the first file runs. */
import { builtOnce } from './shared.ts';

export async function setup(): Promise<void> {
  await builtOnce();
}
