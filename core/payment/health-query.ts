/** The health endpoint's query: nothing, or `force=1` once. Anything else is a 400 naming the parameter. */
import type { ErrorBody } from '../types.ts';
import { echo, errorBody } from '../errors.ts';
import type { ErrorLinks } from '../errors.ts';

export const HEALTH_PATH = '/api/public/health/payment';

export type HealthQuery =
  | { ok: true; force: boolean }
  | { ok: false; parameter: string; message: string };

export function parseHealthQuery(params: URLSearchParams): HealthQuery {
  for (const name of new Set(params.keys())) {
    if (name !== 'force') {
      return { ok: false, parameter: name, message: `Unknown parameter ${echo(name)}: ${HEALTH_PATH} takes only force=1.` };
    }
  }
  const values = params.getAll('force');
  if (values.length === 0) return { ok: true, force: false };
  if (values.length > 1) {
    return { ok: false, parameter: 'force', message: `The parameter "force" is given ${values.length} times; give it once, as force=1.` };
  }
  if (values[0] !== '1') {
    return { ok: false, parameter: 'force', message: `The parameter "force" takes only the value 1, not ${echo(values[0])}.` };
  }
  return { ok: true, force: true };
}

export function badHealthQueryBody(problem: Extract<HealthQuery, { ok: false }>, links: ErrorLinks): ErrorBody {
  const endpoint = `${links.baseUrl}${HEALTH_PATH}`;
  const hints = problem.parameter === 'force' ? [endpoint, `${endpoint}?force=1`] : [endpoint];
  return errorBody('bad_request', problem.message, [...hints, `${links.baseUrl}/openapi.json`], links);
}

export function methodNotAllowedBody(method: string, links: ErrorLinks): ErrorBody {
  return errorBody(
    'bad_request',
    `Method ${echo(method)} is not allowed; the payment health is read with GET.`,
    [`${links.baseUrl}${HEALTH_PATH}`, `${links.baseUrl}/openapi.json`],
    links,
  );
}
