/** A prose page's Markdown as the build reads it: `{base}` in it stands for the site's base URL,
 * so examples show the address the build serves. The page, its twins and search read this. */
import { readBody } from '../../../../load.ts';
import type { BodySource } from '../../../../load.ts';

export const docText = (body: BodySource, baseUrl: string): string => readBody(body).replaceAll('{base}', baseUrl);

