/** Which builds get drafts and a noindex deploy, by Netlify's CONTEXT and the --drafts opt-in. */
import { describe, expect, it } from 'vitest';
import { deployContext, PRODUCTION } from './deploy-context.ts';

describe('deployContext', () => {
  it('builds no drafts and keeps the site indexable in production', () => {
    expect(deployContext({ CONTEXT: 'production' })).toEqual({ name: 'production', drafts: false, noindex: false });
  });

  it('treats a build that names no context (CI, npm run build) as production', () => {
    for (const CONTEXT of [undefined, '', '  ']) expect(deployContext({ CONTEXT })).toEqual({ name: 'production', drafts: false, noindex: false });
    expect(PRODUCTION).toEqual(deployContext({}));
  });

  it('builds drafts, and marks the deploy noindex, in deploy previews, branch deploys and netlify dev', () => {
    for (const CONTEXT of ['deploy-preview', 'branch-deploy', 'dev']) expect(deployContext({ CONTEXT })).toEqual({ name: CONTEXT, drafts: true, noindex: true });
  });

  it('keeps drafts out of a context it does not know: leaving them out is the safe mistake', () => {
    for (const CONTEXT of ['staging', 'Deploy-Preview', 'preview']) expect(deployContext({ CONTEXT }).drafts, CONTEXT).toBe(false);
  });

  it('builds drafts on request (--drafts) where no context is named, noindex too', () => {
    expect(deployContext({}, { drafts: true })).toEqual({ name: 'local', drafts: true, noindex: true });
    expect(deployContext({ CONTEXT: 'branch-deploy' }, { drafts: true })).toEqual({ name: 'branch-deploy', drafts: true, noindex: true });
  });

  it('refuses --drafts where Netlify says the build is production\'s', () => {
    expect(() => deployContext({ CONTEXT: 'production' }, { drafts: true })).toThrow(/--drafts: refused, CONTEXT is production/);
  });
});
