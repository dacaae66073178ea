/** How the build gives a page its item's body: read from the content file as loaded (build/load.ts),
 * rendered or taken from the body cache (build/cache/bodies.ts). Pages and twins read bodies
 * through this alone (site/pages/kind.ts `Bodies`), in whichever thread renders them. */
import { readBody } from '../load.ts';
import { renderBodyCached } from '../cache/bodies.ts';
import type { Bodies } from '../../site/pages/kind.ts';

export const buildBodies: Bodies = { text: readBody, render: renderBodyCached };
