/**
 * Which deploy a build is for, and what follows for drafts and indexing. Netlify names the deploy
 * context of every build in the read-only variable `CONTEXT`: `production`, `deploy-preview`,
 * `branch-deploy` or `dev` (docs.netlify.com/build/configure-builds/environment-variables,
 * "Build metadata"; netlify-cli's `netlify build --context` takes the same names and defaults to
 * "the value of CONTEXT or production", netlify/cli docs/commands/build.md).
 *
 * - Production, and any build that does not say (CI, `npm run build`, an unknown context): drafts
 *   stay out of everything. Leaving them out is the safe mistake; publishing them is not.
 * - `deploy-preview`, `branch-deploy` and `dev` (`netlify dev`, `netlify build --context dev`):
 *   what editors preview, so each draft is built at its own address, marked as a draft.
 * - `--drafts` (`npm run build -- --drafts`) asks for the same on any build, for a local preview.
 *
 * Whatever builds drafts, and every preview or branch deploy, is marked noindex as a whole: a
 * preview must never be indexed, and a build with drafts must not be indexed should it be deployed
 * by mistake. Netlify itself sends `X-Robots-Tag: noindex` on deploy-preview URLs, but not on
 * branch subdomains (answers.netlify.com/t/preferred-method-to-block-seo-for-branch-subdomains/2859),
 * so the build says it itself.
 */
import { BuildEnvironmentError } from './build-errors.ts';
import type { DeployContext } from '../site/model.ts';

export const PRODUCTION_CONTEXT = 'production';

/** Netlify's contexts of a build that editors preview (its `CONTEXT`). */
export const PREVIEW_CONTEXTS = ['deploy-preview', 'branch-deploy', 'dev'] as const;

export interface DeployEnvironment {
  /** Netlify's deploy context of the build. */
  CONTEXT?: string;
}

/** The name of a build with `--drafts` that Netlify did not start (no CONTEXT). */
export const LOCAL_PREVIEW = 'local';


/** `drafts`: the explicit opt-in (`--drafts`), refused where Netlify says the build is production's. */
export function deployContext(env: DeployEnvironment, { drafts = false }: { drafts?: boolean } = {}): DeployContext {
  const given = env.CONTEXT?.trim();
  if (drafts && given === PRODUCTION_CONTEXT) {
    throw new BuildEnvironmentError('--drafts: refused, CONTEXT is production; drafts are built for previews only (deploy-preview, branch-deploy, dev, or a local build)');
  }
  const name = given || (drafts ? LOCAL_PREVIEW : PRODUCTION_CONTEXT);
  const preview = (PREVIEW_CONTEXTS as readonly string[]).includes(name);
  return { name, drafts: drafts || preview, noindex: drafts || preview };
}

/** Production behaviour: no drafts, indexable. */
export const PRODUCTION: DeployContext = deployContext({});
