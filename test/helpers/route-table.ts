/** Netlify's routing of this site: one module, shared with the dev server (dev/netlify-routing.ts). */
export * from '../../dev/netlify-routing.ts';
